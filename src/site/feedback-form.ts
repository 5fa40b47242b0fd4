/**
 * The feedback form's fields as the JSON body POST /v1/feedback takes. Used
 * by the browser island and by the /feedback page when the form is posted
 * without JavaScript, so both send the same thing. Pure.
 */

type FormLike = { get(name: string): unknown };

export type FeedbackFormResult = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

export function feedbackBodyFrom(form: FormLike, page?: string): FeedbackFormResult {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const message = text('message');
  if (!message) return { ok: false, message: 'Please write a message before sending.' };
  const body: Record<string, unknown> = { message };
  const category = text('category');
  if (category) body.category = category;
  const contact = text('contact');
  if (contact) body.contact = contact;
  const rating = text('rating');
  if (/^[1-5]$/.test(rating)) body.rating = Number(rating);
  if (page && page.startsWith('/')) body.page = page;
  return { ok: true, body };
}
