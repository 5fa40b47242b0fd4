/**
 * fetch for the islands with errors a person understands: every failure
 * becomes a sentence (rate limit with the wait, not found, network failure).
 */
import { localClock, networkFailureMessage, problemMessage } from '../format.ts';

export type Outcome<T> =
  | { ok: true; body: T; response: Response }
  /** `problem`: the problem details body, for a page that words a failure from its members. */
  | { ok: false; message: string; status: number; problem?: unknown };

export async function request<T>(
  what: string,
  url: string,
  init: RequestInit & { json?: unknown; as?: 'json' | 'text' } = {},
): Promise<Outcome<T>> {
  const { json, as = 'json', ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      ...(json !== undefined ? { method: rest.method ?? 'POST', body: JSON.stringify(json) } : {}),
      headers: {
        accept: as === 'json' ? 'application/json' : '*/*',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(rest.headers as Record<string, string> | undefined),
      },
    });
  } catch {
    return { ok: false, status: 0, message: networkFailureMessage(what) };
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    return {
      ok: false,
      status: response.status,
      message: problemMessage(what, response.status, body, response.headers, new Date(), localClock),
      problem: body,
    };
  }
  try {
    const body = (as === 'json' ? await response.json() : await response.text()) as T;
    return { ok: true, body, response };
  } catch {
    return { ok: false, status: response.status, message: networkFailureMessage(what) };
  }
}

/** Offers text as a file download. */
export function download(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
