import { describe, expect, it } from 'vitest';
import { feedbackBodyFrom } from './feedback-form.ts';

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe('feedback form to API body', () => {
  it('keeps the filled fields, trimmed, with the rating as a number', () => {
    expect(
      feedbackBodyFrom(
        form({ message: ' Add Azure Arc ', category: 'catalogue-error', rating: '4', contact: ' me@example.org ' }),
        '/services/aws-s3',
      ),
    ).toEqual({
      ok: true,
      body: {
        message: 'Add Azure Arc',
        category: 'catalogue-error',
        rating: 4,
        contact: 'me@example.org',
        page: '/services/aws-s3',
      },
    });
  });

  it('leaves out empty optional fields and odd ratings or pages', () => {
    expect(
      feedbackBodyFrom(form({ message: 'hi', category: '', rating: '9', contact: '  ' }), 'javascript:alert(1)'),
    ).toEqual({ ok: true, body: { message: 'hi' } });
  });

  it('asks for a message', () => {
    expect(feedbackBodyFrom(form({ message: '   ' }))).toEqual({
      ok: false,
      message: 'Please write a message before sending.',
    });
  });
});
