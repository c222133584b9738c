import { api } from '../../lib/api.ts';
import { toast } from '../../lib/stores/toast.ts';

/** Ends the session on the server (which clears the httpOnly cookie), then starts afresh at home. */
export async function logout() {
  try {
    await api('POST', '/logout');
    window.location.assign('/');
  } catch (err) {
    toast.error((err as Error).message);
  }
}
