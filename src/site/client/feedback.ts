/**
 * The feedback form, enhanced: posts JSON to /v1/feedback and answers in
 * place. Without JavaScript the same form posts to /feedback, which calls the
 * same server function.
 */
import { el, focusResult, notice } from './dom.ts';
import { request } from './http.ts';
import { feedbackBodyFrom } from '../feedback-form.ts';

export function startFeedback(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-feedback-form]');
  if (!form) return;
  const result = form.querySelector<HTMLElement>('[data-feedback-result]')!;
  const message = form.querySelector<HTMLTextAreaElement>('textarea[name=message]')!;
  // Said beside the field and tied to it (aria-describedby), so whoever comes back to the field hears why.
  const messageError = form.querySelector<HTMLElement>('[data-message-error]')!;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const from = document.referrer ? new URL(document.referrer) : undefined;
    const parsed = feedbackBodyFrom(new FormData(form), from?.origin === location.origin ? from.pathname : undefined);
    if (!parsed.ok) {
      message.setAttribute('aria-invalid', 'true');
      messageError.textContent = parsed.message;
      result.replaceChildren();
      message.focus();
      return;
    }
    message.removeAttribute('aria-invalid');
    messageError.textContent = '';
    const body = parsed.body;
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
    button.disabled = true;
    const r = await request<{ id: string; receivedAt: string }>('send your feedback', '/v1/feedback', { json: body });
    button.disabled = false;
    // The button was disabled while it sent, which took the keyboard from it: it goes to what happened.
    if (!r.ok) {
      const failed = notice('error', r.message);
      result.replaceChildren(failed);
      focusResult(failed);
      return;
    }
    form.reset();
    const sent = notice(
      'ok',
      el('p', {}, 'Thank you: your feedback was received. Reference ', el('code', {}, r.body.id), '.'),
    );
    result.replaceChildren(sent);
    focusResult(sent);
  });
}
