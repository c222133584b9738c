/**
 * A slim progress bar at the top while the next page loads (SPEC §2: "a progress bar runs on
 * route change"). Pages are server-rendered, so a navigation is a full load: the bar starts on a
 * same-origin link click, a form submit or `beforeunload`, and the new page simply replaces it.
 */
const bar = document.getElementById('nav-progress');

let timer: ReturnType<typeof setInterval> | undefined;
let giveUp: ReturnType<typeof setTimeout> | undefined;
let width = 0;

function render() {
  if (bar) bar.style.transform = `scaleX(${width / 100})`;
}

function start() {
  if (!bar || timer) return;
  width = 8;
  bar.style.opacity = '1';
  render();
  // Ease towards 90 %: the last stretch belongs to the browser painting the next page.
  timer = setInterval(() => {
    width += (90 - width) * 0.08;
    render();
  }, 200);
  // A navigation that never happens (a download, a 204) must not leave the bar stuck.
  giveUp = setTimeout(stop, 15_000);
}

function stop() {
  clearInterval(timer);
  clearTimeout(giveUp);
  timer = undefined;
  if (!bar) return;
  bar.style.opacity = '0';
  width = 0;
  setTimeout(render, 200);
}

function isPageNavigation(link: HTMLAnchorElement, event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return false;
  // Jumping within the same page is not a navigation.
  return !(url.pathname === location.pathname && url.search === location.search && url.hash);
}

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (link instanceof HTMLAnchorElement && isPageNavigation(link, event)) start();
});

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
  if (form.target && form.target !== '_self') return;
  if (new URL(form.action, location.href).origin === location.origin) start();
});

window.addEventListener('beforeunload', start);
// Back/forward from the page cache shows this page again: the bar must not still be running.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) stop();
});
