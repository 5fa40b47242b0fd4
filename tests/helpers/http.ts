/** Small HTTP helpers for black-box tests: every answer read as text, and as JSON when it parses. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const r = await fetch(url, init);
  const text = await r.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: r.status, headers: r.headers, text, json };
}

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
  send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Asserts the RFC 9457 layout; returns the body. */
export function expectProblem(a: Answer, status: number): any {
  if (a.status !== status || !a.headers.get('content-type')?.startsWith('application/problem+json')) {
    throw new Error(
      `expected a ${status} problem, got ${a.status} ${a.headers.get('content-type')}: ${a.text.slice(0, 300)}`,
    );
  }
  if (a.json?.status !== status || typeof a.json.type !== 'string' || typeof a.json.title !== 'string')
    throw new Error(`not a problem body: ${a.text.slice(0, 300)}`);
  return a.json;
}
