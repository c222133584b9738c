/**
 * WhatsApp Business Cloud API: a template message (`POST {api}/{phone number id}/messages`)
 * with the notification's title and text as body parameters and the page's path as the URL
 * button's parameter. WhatsApp only lets a business start a conversation with an approved
 * template; the template (WHATSAPP_TEMPLATE, one per language) is set up in WhatsApp Manager:
 * docs/notifications.md says how.
 */
export interface WhatsappTemplateMessage {
  /** E.164 without the plus, as the API wants it: 6281234567890. */
  to: string;
  language: string;
  /** {{1}}, {{2}}… of the template's body. */
  bodyParams: string[];
  /** The dynamic end of the template's URL button (the order's path). */
  buttonPath?: string;
}

export interface Whatsapp {
  sendTemplate(m: WhatsappTemplateMessage): Promise<{ id: string }>;
}

export function createWhatsapp(opts: { token: string; phoneNumberId: string; apiUrl: string; template: string }): Whatsapp {
  return {
    async sendTemplate(m) {
      const components: unknown[] = [{ type: 'body', parameters: m.bodyParams.map((text) => ({ type: 'text', text: text.slice(0, 1000) })) }];
      if (m.buttonPath) components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: m.buttonPath.replace(/^\//, '') }] });
      const res = await fetch(`${opts.apiUrl}/${encodeURIComponent(opts.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: m.to, type: 'template', template: { name: opts.template, language: { code: m.language }, components } }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json().catch(() => ({}))) as { messages?: { id: string }[]; error?: { message?: string; code?: number } };
      if (!res.ok || !body.messages?.[0]?.id) throw new Error(`WhatsApp answered ${res.status}: ${body.error?.message ?? 'no message id'}`);
      return { id: body.messages[0].id };
    },
  };
}
