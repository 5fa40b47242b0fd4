/**
 * The pages problem types name: every `type` the API answers leads to a page of the site saying what the problem
 * means and what to do (RFC 9457, section 3.1.1), and the list of problems links them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes, problemTypeUri, type ProblemType } from '../src/http/problem.ts';
import { expectProblem, send } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('problem type pages', () => {
  it('gives every problem type a page with its title, status and what to do', async () => {
    for (const [type, p] of Object.entries(problemTypes) as [ProblemType, (typeof problemTypes)[ProblemType]][]) {
      const r = await send(`${server.url}${problemTypeUri(type)}`);
      expect(r.status, type).toBe(200);
      expect(r.headers.get('content-type'), type).toMatch(/^text\/html/);
      const page = text(r.text);
      expect(page, type).toContain(` ${p.title} `);
      expect(page, type).toMatch(new RegExp(`Status ${p.status} Type /problems/${type}`));
      // What it says of the problem, up to its first code span.
      expect(page, type).toContain(p.about.split('`')[0]!.slice(0, 40));
    }
  });

  it('leads from a problem the API answers to its page, resolved against the request', async () => {
    const r = await send(`${server.url}/v1/services/no-such-service`);
    const body = expectProblem(r, 404);
    const page = await send(new URL(body.type, `${server.url}/v1/services/no-such-service`).href);
    expect(page.status).toBe(200);
    expect(text(page.text)).toContain(problemTypes['not-found'].title);
  });

  it('lists every problem, linked, and is linked from the API reference', async () => {
    const list = (await send(`${server.url}/problems`)).text;
    for (const type of Object.keys(problemTypes) as ProblemType[])
      expect(list, type).toContain(`href="${problemTypeUri(type)}"`);
    expect((await send(`${server.url}/api`)).text).toContain('href="/problems"');
  });
});
