/**
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js) that a spec serves with
 * `page.route`: the same calls the credit-card popup makes (`Stripe(key)`, `elements`,
 * `create('payment')`, `mount`, `on('ready')`, `confirmPayment`), with a plain card-number field
 * instead of Stripe's frame. Stripe's test cards decide the outcome: 4000 0000 0000 0002 is
 * declined, any other number succeeds. As with the real Stripe.js, the order is paid only when
 * the signed webhook arrives; the spec sends it.
 */
export const FAKE_STRIPE_JS = `
(() => {
  function Stripe(key, options) {
    if (typeof key !== 'string' || !key.startsWith('pk_')) throw new Error('Invalid publishable key');
    let input = null;
    return {
      _registerWrapper() {},
      elements({ clientSecret }) {
        return {
          clientSecret,
          create(type) {
            const handlers = {};
            return {
              mount(node) {
                input = document.createElement('input');
                input.setAttribute('aria-label', options && options.locale === 'id' ? 'Nomor kartu' : 'Card number');
                input.autocomplete = 'cc-number';
                input.className = 'block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';
                node.appendChild(input);
                setTimeout(() => handlers.ready && handlers.ready({ elementType: type }), 50);
              },
              on(event, handler) { handlers[event] = handler; },
              destroy() { input && input.remove(); },
            };
          },
        };
      },
      async confirmPayment({ elements, redirect }) {
        await new Promise((r) => setTimeout(r, 150));
        const number = (input && input.value || '').replace(/\\s+/g, '');
        if (number.length < 12) return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
        if (number === '4000000000000002') return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
        const id = elements.clientSecret.split('_secret_')[0];
        return { paymentIntent: { id, status: 'succeeded', redirect } };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
