import { describe, expect, it } from 'vitest';
import { answerApi, varyOnEncoding, type AnswerRequest } from './api-answer.ts';
import { jsonAnswer, type Answer } from './protocol.ts';

const get = (ifNoneMatch: string | null = null, method = 'GET'): AnswerRequest => ({
  method,
  pathname: '/v1/services',
  ifNoneMatch,
});
const offers = () => {
  const taken: { status: number; etag: string | undefined }[] = [];
  return {
    taken,
    offer: (status: number, headers: Readonly<Record<string, string>>) => taken.push({ status, etag: headers['etag'] }),
  };
};

describe('answerApi', () => {
  it('answers a read with CORS, Vary and its ETag, offers it to the cache, and 304s a matching If-None-Match (offered again)', async () => {
    const route = async () => jsonAnswer({ data: [1, 2, 3] });
    const { taken, offer } = offers();
    const first = await answerApi(get(), route, offer);
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({
      'access-control-allow-origin': '*',
      vary: 'Accept-Encoding',
      etag: expect.stringMatching(/^W\/"/),
    });
    expect(JSON.parse(Buffer.from(first.body!).toString())).toEqual({ data: [1, 2, 3] });
    expect(taken).toEqual([{ status: 200, etag: first.headers['etag'] }]);

    const again = await answerApi(get(first.headers['etag']!), route, offer);
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers['content-type']).toBeUndefined();
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(taken).toEqual([
      { status: 200, etag: first.headers['etag'] },
      { status: 200, etag: first.headers['etag'] },
    ]);
  });

  it('hashes an ETag for a read that has none, and answers HEAD with it and no body', async () => {
    const route = async (): Promise<Answer> => ({
      status: 200,
      headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' },
      body: new TextEncoder().encode('hello'),
    });
    const head = await answerApi(get(null, 'HEAD'), route, undefined);
    const body = await answerApi(get(), route, undefined);
    expect(head).toMatchObject({ status: 200, body: null });
    expect(head.headers['etag']).toBe(body.headers['etag']);
    expect(body.headers['vary']).toBeUndefined(); // not reusable: no gzipped copy may be kept
  });

  it('turns a thrown error into a 500 problem, and leaves other statuses and methods without ETag or offer', async () => {
    const { taken, offer } = offers();
    const failed = await answerApi(
      get(),
      async () => {
        throw new Error('boom');
      },
      offer,
    );
    expect(failed.status).toBe(500);
    expect(failed.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(Buffer.from(failed.body!).toString())).toMatchObject({ status: 500 });
    expect(failed.headers['etag']).toBeUndefined();
    const posted = await answerApi(get(null, 'POST'), async () => jsonAnswer({ ok: true }, { status: 201 }), offer);
    expect(posted.status).toBe(201);
    expect(posted.headers['access-control-allow-origin']).toBe('*');
    expect(taken).toEqual([]);
  });
});

describe('varyOnEncoding', () => {
  it('adds Accept-Encoding to the Vary of a reusable answer once, and leaves Vary: * alone', () => {
    expect(varyOnEncoding('public, max-age=60', null)).toBe('Accept-Encoding');
    expect(varyOnEncoding('public, max-age=60', 'Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('public, max-age=60', 'origin, accept-encoding')).toBeUndefined();
    expect(varyOnEncoding('public', '*')).toBeUndefined();
    expect(varyOnEncoding('no-store', null)).toBeUndefined();
  });
});
