/** Tiny DOM helpers for the islands: elements from tag, properties and children (text is always text, never HTML). */
export type ElementProps<K extends keyof HTMLElementTagNameMap> = Omit<Partial<HTMLElementTagNameMap[K]>, 'dataset'> & {
  dataset?: Record<string, string>;
  /** Plain attributes (aria-*, role) set with setAttribute. */
  attrs?: Record<string, string>;
};

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: ElementProps<K> = {} as ElementProps<K>,
  ...children: (Node | string | false | undefined)[]
): HTMLElementTagNameMap[K] {
  const { dataset, attrs, ...rest } = props;
  const e = Object.assign(document.createElement(tag), rest);
  if (dataset) Object.assign(e.dataset, dataset);
  for (const [k, v] of Object.entries(attrs ?? {})) e.setAttribute(k, v);
  e.append(...children.filter((c): c is Node | string => c !== false && c !== undefined));
  return e;
}

type NoticeKind = 'error' | 'warn' | 'ok' | '';

/**
 * A notice read where it stands, not announced: the details below the builder's bar, whose one status line says
 * what was done. Each of them live, one change to the list was announced by the bar and by every panel it took down,
 * and a panel's long notice was spoken whole.
 */
export const detailNotice = (kind: NoticeKind, ...children: (Node | string)[]): HTMLElement =>
  el('div', { className: `notice ${kind}` }, ...children.map((c) => (typeof c === 'string' ? el('p', {}, c) : c)));

/** A notice that is announced as it appears: an alert for an error, a status otherwise. */
export function notice(kind: NoticeKind, ...children: (Node | string)[]): HTMLElement {
  const n = detailNotice(kind, ...children);
  n.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  return n;
}

/**
 * Gives the keyboard to what an action said, when the control that did it is gone or was disabled while it worked
 * (the browser would drop focus to the page, and the next Tab start again from the top).
 */
export function focusResult(result: HTMLElement): void {
  result.setAttribute('tabindex', '-1');
  result.focus();
}

/**
 * Keeps a custom property of the root at an element's height as it wraps or grows (`--builder-bar-height`): where
 * the element stays in view (sticky), the stylesheet pads the page's scrolling by it, so what scrolls into view (a
 * focused control, a link's target) stops clear of it rather than under it.
 */
export function trackHeight(element: HTMLElement, property: string): void {
  const root = document.documentElement;
  const measure = () => root.style.setProperty(property, `${element.offsetHeight}px`);
  measure();
  new ResizeObserver(measure).observe(element);
}

/** How long typing must pause before a count is told to a screen reader. */
export const SAY_AFTER_MS = 500;

/**
 * A status line shown at once and told to a screen reader only once typing pauses: a count announced at every
 * keystroke is queued or cut off each time while the word is typed. The line itself is no live region; a visually
 * hidden status beside it gets the text SAY_AFTER_MS after the last change. `quiet` updates the line without
 * telling (the page's own first state, which the page itself says); `now` tells at once (a failure).
 */
export function statusLine(line: HTMLElement): (text: string, how?: 'quiet' | 'now') => void {
  const said = el('p', { className: 'visually-hidden', attrs: { role: 'status' } });
  line.after(said);
  let saying: ReturnType<typeof setTimeout> | undefined;
  return (text, how) => {
    line.textContent = text;
    clearTimeout(saying);
    // Nothing told, and nothing left from before that a screen reader's review of the page would find stale.
    if (how === 'quiet') return void (said.textContent = '');
    if (how === 'now') said.textContent = text;
    else saying = setTimeout(() => (said.textContent = text), SAY_AFTER_MS);
  };
}
