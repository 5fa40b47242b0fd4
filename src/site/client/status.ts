/** The status page: current status and paged history from the API. */
import { el, notice } from './dom.ts';
import { request } from './http.ts';

type State = 'operational' | 'degraded' | 'down';
interface Status {
  status: State;
  checkedAt: string;
  components: Record<string, { status: State } & Record<string, unknown>>;
}
interface Sample {
  at: string;
  reason: string;
  status: State;
  components: Record<string, State>;
  catalogueVersion: string;
  storeLatencyMs: number | null;
}
interface HistoryPage {
  data: Sample[];
  page: number;
  totalPages: number;
  total: number;
}

const componentNames: Record<string, string> = {
  api: 'API',
  catalogue: 'Catalogue',
  store: 'Saved-list store',
  rateLimiter: 'Rate limiter',
};
const stateWords: Record<State, string> = { operational: 'Operational', degraded: 'Degraded', down: 'Down' };
const stateClass: Record<State, string> = {
  operational: 'status-up',
  degraded: 'status-degraded',
  down: 'status-down',
};
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
const badge = (s: State) => el('span', { className: `badge ${stateClass[s] ?? ''}` }, stateWords[s] ?? String(s));

function detailOf(name: string, c: Record<string, unknown>): string {
  const bits: string[] = [];
  if (name === 'catalogue')
    bits.push(`version ${String(c.version)}, built ${String(c.builtOn)}, ${String(c.serviceCount)} services`);
  if (name === 'store')
    bits.push(`${String(c.kind)}${typeof c.latencyMs === 'number' ? `, ${c.latencyMs.toFixed(1)} ms` : ''}`);
  if (name === 'rateLimiter')
    bits.push(`${String(c.limit)} requests per ${String(c.windowSeconds)} s, ${String(c.kind)}`);
  if (name === 'api') bits.push(`version ${String(c.version)}, up since ${when(String(c.startedAt))}`);
  if (typeof c.error === 'string') bits.push(c.error);
  return bits.join('; ');
}

export function startStatus(): void {
  const current = document.querySelector<HTMLElement>('[data-status-current]')!;
  const history = document.querySelector<HTMLElement>('[data-status-history]')!;
  const more = document.querySelector<HTMLButtonElement>('[data-status-more]')!;
  let page = 0;
  let tbody: HTMLTableSectionElement | undefined;
  // The prerendered text tells visitors without JavaScript where the JSON is; with it, say what is happening.
  current.replaceChildren(el('p', { className: 'muted' }, 'Checking…'));
  history.replaceChildren(el('p', { className: 'muted' }, 'Loading…'));

  void request<Status>('check the status', '/v1/status').then((r) => {
    if (!r.ok) return current.replaceChildren(notice('error', r.message));
    const s = r.body;
    current.replaceChildren(
      el('p', {}, 'Overall: ', badge(s.status), ` (checked ${when(s.checkedAt)})`),
      el(
        'div',
        {
          className: 'table-scroll',
          tabIndex: 0,
          attrs: { role: 'region', 'aria-label': 'Components now, scrolls sideways' },
        },
        el(
          'table',
          {},
          el('caption', { className: 'visually-hidden' }, 'Components'),
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              el('th', { scope: 'col' }, 'Component'),
              el('th', { scope: 'col' }, 'State'),
              el('th', { scope: 'col' }, 'Details'),
            ),
          ),
          el(
            'tbody',
            {},
            ...Object.entries(s.components).map(([name, c]) =>
              el(
                'tr',
                {},
                el('th', { scope: 'row' }, componentNames[name] ?? name),
                el('td', {}, badge(c.status)),
                el('td', {}, detailOf(name, c)),
              ),
            ),
          ),
        ),
      ),
    );
  });

  const loadMore = async () => {
    more.disabled = true;
    const r = await request<HistoryPage>('load the status history', `/v1/status/history?page=${page + 1}&pageSize=20`);
    more.disabled = false;
    if (!r.ok) {
      history.append(notice('error', r.message));
      return;
    }
    page = r.body.page;
    if (!tbody) {
      if (!r.body.data.length) {
        history.replaceChildren(el('p', {}, 'No history recorded yet.'));
        return;
      }
      tbody = el('tbody');
      history.replaceChildren(
        el(
          'div',
          {
            className: 'table-scroll',
            tabIndex: 0,
            attrs: { role: 'region', 'aria-label': 'Status history, scrolls sideways' },
          },
          el(
            'table',
            {},
            el('caption', { className: 'visually-hidden' }, 'Status history, newest first'),
            el(
              'thead',
              {},
              el(
                'tr',
                {},
                ...['When', 'Overall', 'Why recorded', 'Components', 'Catalogue'].map((h) =>
                  el('th', { scope: 'col' }, h),
                ),
              ),
            ),
            tbody,
          ),
        ),
      );
    }
    for (const s of r.body.data) {
      tbody.append(
        el(
          'tr',
          {},
          el('td', {}, when(s.at)),
          el('td', {}, badge(s.status)),
          el('td', {}, s.reason),
          el(
            'td',
            {},
            Object.entries(s.components)
              .map(([k, v]) => `${componentNames[k] ?? k}: ${stateWords[v] ?? v}`)
              .join(', '),
          ),
          el('td', {}, el('code', {}, s.catalogueVersion)),
        ),
      );
    }
    more.hidden = page >= r.body.totalPages;
  };
  more.addEventListener('click', () => void loadMore());
  void loadMore();
}
