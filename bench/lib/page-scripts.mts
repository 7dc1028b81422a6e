/**
 * Timing code that runs inside the page (Playwright evaluates the strings).
 * Strings, not functions: the benchmark's TypeScript project is a Node one
 * (no DOM types), like the main-process code it imports.
 */

/** Resolves with ms from the next click to the frame after `selector` matches, and how many `countSelector` nodes exist then. */
export function afterClickUntil(selector: string, countSelector: string = selector): string {
  return `new Promise((resolve) => {
    let clicked = 0;
    document.addEventListener('click', () => { clicked = performance.now(); check(); }, { capture: true, once: true });
    const check = () => {
      if (!clicked || !document.querySelector(${JSON.stringify(selector)})) return;
      obs.disconnect();
      // In the DOM now; on screen with the next frame.
      requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now() - clicked, count: document.querySelectorAll(${JSON.stringify(countSelector)}).length })));
    };
    const obs = new MutationObserver(check);
    obs.observe(document.body, { childList: true, subtree: true, attributes: true });
  })`;
}

/** Resolves with ms from now until every `rows` node has a `[data-status]` equal to `status` (and there is at least one). */
export function untilAllRowsHaveStatus(rows: string, status: string): string {
  return `new Promise((resolve) => {
    const started = performance.now();
    const check = () => {
      const shown = [...document.querySelectorAll(${JSON.stringify(rows)})];
      if (shown.length === 0 || !shown.every((r) => r.querySelector('[data-status]')?.getAttribute('data-status') === ${JSON.stringify(status)})) return;
      obs.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
    };
    const obs = new MutationObserver(check);
    obs.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  })`;
}

/** Before any page script: stamps window.__readyAt (ms since navigation start) when body gets data-ready=true. */
export const STAMP_READY = `(() => {
  new MutationObserver((_, obs) => {
    if (document.body && document.body.dataset.ready === 'true' && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
      obs.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, childList: true, attributeFilter: ['data-ready'] });
})()`;

/** The history's task count through the preview's API object. */
export const HISTORY_TOTAL = `(async () => {
  const r = await window.faxdesk.listTasks({ filters: {}, sort: { by: 'created', dir: 'desc' }, limit: 1, offset: 0 });
  return (r && r.value ? r.value : r).total;
})()`;
