/** Small HTTP helpers for black-box tests: every answer read as text, and as JSON when it parses. */
import type { IncomingHttpHeaders } from 'node:http';
import { expect } from 'vitest';

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

/** An answer as any of the HTTP tests reads it: fetch's Headers, or node:http's plain header object. */
export interface ProblemAnswer {
  status: number;
  headers: Headers | IncomingHttpHeaders;
  json: any;
  text?: string;
}

/**
 * Asserts an RFC 9457 problem answer: the status, the problem media type, and
 * a body with the same status, a title and a type under /problems/. Returns
 * the body for further checks.
 */
export function expectProblem(a: ProblemAnswer, status: number): any {
  const contentType = a.headers instanceof Headers ? a.headers.get('content-type') : a.headers['content-type'];
  const seen = `${a.status} ${contentType}: ${(a.text ?? JSON.stringify(a.json) ?? '').slice(0, 300)}`;
  expect(a.status, seen).toBe(status);
  expect(contentType, seen).toMatch(/^application\/problem\+json/);
  expect(a.json, seen).toMatchObject({
    status,
    title: expect.any(String),
    type: expect.stringMatching(/^\/problems\//),
  });
  return a.json;
}
