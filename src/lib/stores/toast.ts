import { atom } from 'nanostores';

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

/** SPEC §9: toasts stay 5 seconds. */
export const TOAST_DURATION_MS = 5000;

export const $toasts = atom<Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

function show(kind: Toast['kind'], message: string) {
  if (!message) return;
  const id = nextId++;
  // The same message twice in a row (double click) shows once, with a fresh timer.
  const same = $toasts.get().find((t) => t.kind === kind && t.message === message);
  if (same) dismissToast(same.id);
  $toasts.set([...$toasts.get(), { id, kind, message }].slice(-3));
  timers.set(id, setTimeout(() => dismissToast(id), TOAST_DURATION_MS));
  return id;
}

/** `toast.success(res.message)`, `toast.error(err.message)`: the API's translated message, shown bottom-centre. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
