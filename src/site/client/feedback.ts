/** The feedback form: validates the message, posts JSON to /v1/feedback, says what happened. */
import { el, notice } from './dom.ts';
import { request } from './http.ts';

export function startFeedback(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-feedback-form]');
  if (!form) return;
  const result = form.querySelector<HTMLElement>('[data-feedback-result]')!;
  const message = form.querySelector<HTMLTextAreaElement>('textarea[name=message]')!;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const text = String(data.get('message') ?? '').trim();
    if (!text) {
      message.setAttribute('aria-invalid', 'true');
      result.replaceChildren(notice('error', 'Please write a message before sending.'));
      message.focus();
      return;
    }
    message.removeAttribute('aria-invalid');
    const body: Record<string, unknown> = { message: text, page: document.referrer ? new URL(document.referrer).pathname : location.pathname };
    for (const k of ['category', 'contact'] as const) {
      const v = String(data.get(k) ?? '').trim();
      if (v) body[k] = v;
    }
    if (data.get('rating')) body.rating = Number(data.get('rating'));
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
    button.disabled = true;
    const r = await request<{ id: string; receivedAt: string }>('send your feedback', '/v1/feedback', { json: body });
    button.disabled = false;
    if (!r.ok) {
      result.replaceChildren(notice('error', r.message));
      return;
    }
    form.reset();
    result.replaceChildren(notice('ok', el('p', {}, 'Thank you: your feedback was received. Reference ', el('code', {}, r.body.id), '.')));
  });
}
