/**
 * Search as you type on the home page, through GET /v1/services (the API is
 * the contract for anything on demand). Without JavaScript the form submits
 * to /search. Results are built with DOM calls, never HTML strings.
 */
import { lifecycleLabel, networkFailureMessage, problemMessage } from '../format.ts';
import { el } from './dom.ts';
import { renderListButtons } from './list-buttons.ts';

interface Hit {
  id: string;
  slug: string;
  name: string;
  provider: string;
  description: string;
  lifecycle?: { status: string };
}

const SHOWN = 10;

export function startHomeSearch(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-home-search]');
  const input = form?.querySelector<HTMLInputElement>('input[name=q]');
  const out = document.getElementById('search-results');
  if (!form || !input || !out) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;

  const run = async () => {
    const q = input.value.trim();
    const mine = ++seq;
    if (!q) {
      out.replaceChildren();
      return;
    }
    let response: Response;
    try {
      response = await fetch(`/v1/services?${new URLSearchParams({ q, pageSize: String(SHOWN) })}`, {
        headers: { accept: 'application/json' },
      });
    } catch {
      if (mine === seq) out.replaceChildren(el('p', { className: 'notice error' }, networkFailureMessage('search')));
      return;
    }
    const body = await response.json().catch(() => undefined);
    if (mine !== seq) return;
    if (!response.ok) {
      out.replaceChildren(
        el('p', { className: 'notice error' }, problemMessage('search', response.status, body, response.headers)),
      );
      return;
    }
    const { data, total } = body as { data: Hit[]; total: number };
    const all = el(
      'a',
      { href: `/search?${new URLSearchParams({ q })}` },
      total > data.length ? `See all ${total} results with filters` : 'Open these results with filters',
    );
    if (!data.length) {
      out.replaceChildren(el('p', {}, `No service matches “${q}”. Try fewer or shorter words.`));
      return;
    }
    out.replaceChildren(
      el('h2', {}, `${total} result${total === 1 ? '' : 's'}`),
      el(
        'ul',
        { className: 'services' },
        ...data.map((s) =>
          el(
            'li',
            { className: 'service' },
            el('img', { src: `/icons/services/${s.id}.svg`, width: 40, height: 40, alt: '' }),
            el(
              'div',
              { className: 'body' },
              el(
                'h3',
                {},
                el('a', { href: `/services/${s.slug}` }, s.name),
                ...(s.lifecycle
                  ? [' ', el('span', { className: `badge ${s.lifecycle.status}` }, lifecycleLabel(s.lifecycle.status))]
                  : []),
              ),
              el('p', {}, s.description),
              el(
                'button',
                {
                  type: 'button',
                  className: 'secondary',
                  hidden: true,
                  dataset: { listToggle: s.id },
                  attrs: { 'aria-pressed': 'false' },
                },
                el('span', { dataset: { label: '' } }, 'Add to my list'),
                el('span', { className: 'visually-hidden' }, `: ${s.name}`),
              ),
            ),
          ),
        ),
      ),
      el('p', {}, all),
    );
    renderListButtons();
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(run, 200);
  });
}
