import { atom } from 'nanostores';

/** The card charge the payment page hands to the `credit-card` popup (a Stripe PaymentIntent). */
export interface CardCharge {
  orderId: number;
  amount: number;
  clientSecret: string;
}

export const $cardCharge = atom<CardCharge | null>(null);
