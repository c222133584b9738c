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

/** Islands loading now: a click on a button meanwhile is held, and replayed when they are all done. */
let loading = 0;
function start(islands: Hydrate[]) {
  if (loading++ === 0) document.addEventListener('click', hold, true);
  void Promise.allSettled(islands.map((hydrate) => hydrate())).then(() => {
    if (--loading > 0) return;
    document.removeEventListener('click', hold, true);
    const target = pressed;
    pressed = undefined;
    // React has attached its listeners by the next frame: the control handles the click.
    if (target) requestAnimationFrame(() => target.isConnected && target.click());
  });
}

function begin() {
  const islands = waiting;
  waiting = [];
  started = true;
  for (const type of EVENTS) window.removeEventListener(type, begin, true);
  start(islands);
}

/** An island that waits for the visitor to use it: the first such event inside it hydrates it alone. */
function whenUsed(el: HTMLElement, hydrate: Hydrate) {
  const go = () => {
    for (const type of EVENTS) el.removeEventListener(type, go, true);
    start([hydrate]);
  };
  for (const type of EVENTS) el.addEventListener(type, go, { capture: true, passive: true });
}

/**
 * `client:interaction`: the island is server HTML until the visitor first points at, touches,
 * focuses or types on the page; then every such island loads at once. A click on a button made
 * while they load (the page's own buttons too, which an island may enhance) is held and replayed
 * once they have hydrated, so the first click still opens what it should. Links stay plain links.
 *
 * `client:interaction="within"`: only an interaction inside the island itself hydrates it (a
 * pointer over it, a focus or key in it), for islands far down the page that most visitors only
 * read (the discussion, the follow buttons); a click there while it loads is replayed the same way.
 *
 * Hydrates at once instead (a click while it loads is held and replayed the same way) when the
 * page belongs to a signed-in user (`<html data-session="user">`: live notifications, their cart)
 * or when `client:interaction="<sessionStorage key>"` names a key that holds something (the
 * toaster's message left by the previous page).
 *
 * `client:interaction="now"`: always at once, as `client:load`, but a click on a button while the
 * island's code still arrives is held and replayed (with `client:load` it was lost): for the
 * dashboards and forms a visitor acts on as soon as they appear.
 */
const interaction: ClientDirective = (load, opts, el) => {
  const hydrate: Hydrate = async () => {
    const run = await load();
    await run();
  };
  let now = opts.value === 'now' || document.documentElement.dataset.session === 'user';
  const within = opts.value === 'within';
  try {
    if (typeof opts.value === 'string' && opts.value && !within && !now && sessionStorage.getItem(opts.value)) now = true;
  } catch {
    // Storage disabled: nothing was left for this page.
  }
  // Hydrating at once still takes the chunk's download: a click on a button meanwhile (the
  // signed-in header's account menu, pressed as the page appears) is held and replayed too.
  if (now) return start([hydrate]);
  if (within) return whenUsed(el, hydrate);
  if (started) return start([hydrate]);
  waiting.push(hydrate);
  if (!listening) {
    listening = true;
    for (const type of EVENTS) window.addEventListener(type, begin, { capture: true, passive: true });
  }
};

export default interaction;
