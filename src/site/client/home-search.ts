/**
 * Search as you type on the home page. The first keystroke (or focus) loads
 * /catalogue.json once and builds the same index the API uses
 * (./catalogue-search.ts), so every keystroke is
 * answered in the page, within a frame, in the API's order. If the data
 * cannot be loaded the box falls back to GET /v1/services. Without
 * JavaScript the form submits to /search. Results are built with DOM calls,
 * never HTML strings.
 */
import { lifecycleLabel, localClock, networkFailureMessage, problemMessage } from '../format.ts';
import { loadLocalSearch, type LocalSearch } from './catalogue-search.ts';
import { el, SAY_AFTER_MS } from './dom.ts';
import { renderListButtons } from './list-buttons.ts';

interface Hit {
  id: string;
  slug: string;
  name: string;
  provider: string;
  category: string;
  description: string;
  lifecycle?: { status: string } | undefined;
}

const SHOWN = 10;

export function startHomeSearch(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-home-search]');
  const input = form?.querySelector<HTMLInputElement>('input[name=q]');
  const out = document.getElementById('search-results');
  if (!form || !input || !out) return;
  // Only the first line (the count, or why there is none) is announced, not every result, and only once typing
  // pauses: a screen reader told the count at every keystroke queues or cuts off each one while the word is typed.
  const said = document.getElementById('search-said');
  let saying: ReturnType<typeof setTimeout> | undefined;
  const show = (...nodes: Node[]) => {
    out.replaceChildren(...nodes);
    clearTimeout(saying);
    saying = setTimeout(() => {
      if (said) said.textContent = out.firstElementChild?.textContent ?? '';
    }, SAY_AFTER_MS);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  /** undefined: not asked yet; null: could not be loaded (use the API). */
  let local: LocalSearch | null | undefined;
  let loading: Promise<void> | undefined;
  const providerNames = new Map<string, string>();
  const categoryNames = new Map<string, string>();

  const load = () =>
    (loading ??= loadLocalSearch().then((r) => {
      if (!r.ok) {
        local = null;
        return;
      }
      for (const p of r.body.catalogue.providers) providerNames.set(p.id, p.shortName);
      for (const c of r.body.catalogue.categories) categoryNames.set(c.id, c.name);
      local = r.body;
    }));

  const render = (q: string, data: Hit[], total: number) => {
    if (!data.length) {
      // One letter matches whole words only (the engine's rule): ask for another rather than say "nothing".
      show(
        el(
          'p',
          {},
          q.length === 1 ? 'Type another letter to search.' : `No service matches “${q}”. Try fewer or shorter words.`,
        ),
      );
      return;
    }
    const all = el(
      'a',
      { href: `/search?${new URLSearchParams({ q })}` },
      total > data.length ? `See all ${total} results with filters` : 'Open these results with filters',
    );
    show(
      el('h2', {}, `${total} result${total === 1 ? '' : 's'}`),
      el(
        'ul',
        { className: 'services' },
        ...data.map((s) =>
          el(
            'li',
            { className: 'service', dataset: { service: s.id } },
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
              el(
                'p',
                { className: 'meta', dataset: { provider: s.provider } },
                [providerNames.get(s.provider) ?? s.provider, categoryNames.get(s.category)]
                  .filter(Boolean)
                  .join(' · '),
              ),
              el('p', {}, s.description),
              el(
                'button',
                {
                  type: 'button',
                  className: 'secondary',
                  hidden: true,
                  dataset: { listToggle: s.id },
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

  /** In the page: synchronous, the same ranking as the API. */
  const runLocal = (q: string, { index }: LocalSearch) => {
    const page = index.query({ q, page: 1, pageSize: SHOWN });
    render(q, page.items, page.total);
  };

  /** Through the API, when the catalogue data could not be loaded. */
  const runRemote = async (q: string) => {
    const mine = ++seq;
    let response: Response;
    try {
      response = await fetch(`/v1/services?${new URLSearchParams({ q, pageSize: String(SHOWN) })}`, {
        headers: { accept: 'application/json' },
      });
    } catch {
      if (mine === seq) show(el('p', { className: 'notice error' }, networkFailureMessage('search')));
      return;
    }
    const body = await response.json().catch(() => undefined);
    if (mine !== seq) return;
    if (!response.ok) {
      show(
        el(
          'p',
          { className: 'notice error' },
          problemMessage('search', response.status, body, response.headers, new Date(), localClock),
        ),
      );
      return;
    }
    const { data, total } = body as { data: Hit[]; total: number };
    render(q, data, total);
  };

  const run = () => {
    const q = input.value.trim();
    clearTimeout(timer);
    if (!q) {
      ++seq;
      show();
      return;
    }
    if (local) return runLocal(q, local);
    if (local === null) {
      timer = setTimeout(() => void runRemote(q), 200);
      return;
    }
    void load().then(() => {
      if (input.value.trim() === q) run();
    });
  };

  input.addEventListener('focus', () => void load(), { once: true });
  input.addEventListener('input', run);
}
