import { api, ApiError } from '../../lib/api.ts';
import { $locale } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { flashAndGo } from '../ui/flash.ts';
import { confirmDelete } from './delete-target.ts';
import { confirmClose, reopenRequest } from './request-close.ts';

/**
 * The few actions of the server-rendered dashboard lists, without hydrating an island per row:
 * 'Delete' opens the confirmation popup; a request's 'Close' asks first, 'Reopen' reopens at once;
 * the heart removes a favourite (DELETE /v1/users/favorites) and its row.
 */
// Messages come back in the page's language even before the header island has booted the stores.
$locale.set(document.documentElement.lang === 'id' ? 'id' : 'en');

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const del = target?.closest<HTMLButtonElement>('button[data-delete-kind]');
  if (del) {
    const { deleteKind, id, name, redirect } = del.dataset;
    if (deleteKind !== 'product' && deleteKind !== 'request') return;
    confirmDelete({ kind: deleteKind, id: Number(id), name: name ?? '' }, redirect ?? window.location.pathname + window.location.search);
    return;
  }
  const toggle = target?.closest<HTMLButtonElement>('button[data-request-toggle]');
  if (toggle) {
    const { requestToggle, id, name } = toggle.dataset;
    if (requestToggle === 'close') confirmClose({ id: Number(id), name: name ?? '' });
    else if (requestToggle === 'reopen' && !toggle.disabled) {
      toggle.disabled = true;
      reopenRequest(Number(id)).catch((err: unknown) => {
        toggle.disabled = false;
        toast.error(err instanceof ApiError ? err.message : String(err));
      });
    }
    return;
  }
  const fav = target?.closest<HTMLButtonElement>('button[data-unfavorite]');
  if (fav) void unfavorite(fav);
});

async function unfavorite(button: HTMLButtonElement) {
  if (button.disabled) return;
  const { unfavorite: type, id } = button.dataset;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    const res = await api('DELETE', '/users/favorites', { body: { type, id: Number(id) } });
    const row = button.closest('[data-favorite-row]');
    const list = row?.parentElement;
    row?.remove();
    if (list && !list.querySelector('[data-favorite-row]')) {
      // The page emptied: reload for the empty state (or the previous page's rows).
      return flashAndGo(res.message);
    }
    toast.success(res.message ?? '');
  } catch (err) {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    toast.error(err instanceof ApiError ? err.message : String(err));
  }
}
