import type { ClientDirective } from 'astro';

/** What counts as the visitor starting to use the page. */
const EVENTS = ['pointerdown', 'pointerover', 'pointermove', 'focusin', 'keydown', 'touchstart'] as const;
/** Controls whose click, made while the islands' JavaScript loads, is replayed once they run. */
const PRESSABLE = 'button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], summary';

type Hydrate = () => Promise<void>;
/** Islands waiting for the first interaction. */
let waiting: Hydrate[] = [];
/** Whether the first interaction happened: an island connected later hydrates at once. */
let started = false;
let listening = false;
let pressed: HTMLElement | undefined;

function hold(event: Event) {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(PRESSABLE) : null;
  if (!target) return;
  event.preventDefault();
  event.stopPropagation();
  pressed = target;
}

function begin() {
  const islands = waiting;
  waiting = [];
  started = true;
  for (const type of EVENTS) window.removeEventListener(type, begin, true);
  document.addEventListener('click', hold, true);
  void Promise.allSettled(islands.map((hydrate) => hydrate())).then(() => {
    document.removeEventListener('click', hold, true);
    const target = pressed;
    pressed = undefined;
    // React has attached its listeners by the next frame: the control handles the click.
    if (target) requestAnimationFrame(() => target.isConnected && target.click());
  });
}

/**
 * `client:interaction`: the island is server HTML until the visitor first points at, touches,
 * focuses or types on the page; then every such island loads at once. A click on a button made
 * while they load (the page's own buttons too, which an island may enhance) is held and replayed
 * once they have hydrated, so the first click still opens what it should. Links stay plain links.
 *
 * Hydrates at once instead when the page belongs to a signed-in user (`<html data-session="user">`:
 * live notifications, their cart) or when `client:interaction="<sessionStorage key>"` names a key
 * that holds something (the toaster's message left by the previous page).
 */
const interaction: ClientDirective = (load, opts) => {
  const hydrate: Hydrate = async () => {
    const run = await load();
    await run();
  };
  let now = document.documentElement.dataset.session === 'user';
  try {
    if (typeof opts.value === 'string' && opts.value && sessionStorage.getItem(opts.value)) now = true;
  } catch {
    // Storage disabled: nothing was left for this page.
  }
  if (now || started) return void hydrate();
  waiting.push(hydrate);
  if (!listening) {
    listening = true;
    for (const type of EVENTS) window.addEventListener(type, begin, { capture: true, passive: true });
  }
};

export default interaction;
