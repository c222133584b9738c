import type { BalancePosting, PayoutView } from './payouts.ts';
import type { ImageRef } from '../images.ts';
import type { OrderEvent, OrderState, PartyRole, PaymentType, Stage } from '../orders/vocabulary.ts';
import type { Page } from './page.ts';
import type { ProductView } from './catalogue.ts';
import type { RatingView } from './ratings.ts';

/** The address an order ships to, as copied at checkout. */
export interface AddressSnapshot {
  id: number;
  name: string;
  phone_number: string;
  label: string;
  detail: string;
  country_id: number;
  province_id: number | null;
  city_id: number | null;
  sub_district_id: number | null;
  pos_code: string | null;
  text: string;
}

/**
 * The delivery address as one party of an order sees it: the buyer, and the traveller once the
 * order is paid, the whole of it; the traveller before payment only the area (`text` is then the
 * sub-district, city, province and postal code), never the name, street or phone.
 */
export type OrderAddressView =
  | (AddressSnapshot & { restricted: false })
  | (Pick<AddressSnapshot, 'country_id' | 'province_id' | 'city_id' | 'sub_district_id' | 'pos_code' | 'text'> & { restricted: true });

export interface OrderParty {
  id: number;
  name: string;
  username: string;
  photo_profile: string | null;
}

/** What the after-sales steps of an order recorded (null until a complaint is filed). */
export interface AfterSalesView {
  complaint: { reason: string; reason_text: string; note: string | null; images: ImageRef[]; at: string | null };
  return_shipment: { resi: string; courier_name: string; at: string | null } | null;
  response: { outcome: 'accepted' | 'rejected' | 'timed_out'; reason: string | null; reason_text: string | null; at: string | null } | null;
  appeal: { reason: string; reason_text: string; at: string | null } | null;
  appeal_return_shipment: { resi: string; courier_name: string; at: string | null } | null;
  return_problem: { reason: string; reason_text: string; at: string | null } | null;
  decision: { outcome: 'refund' | 'release'; at: string | null } | null;
}

/** An order as its two parties see it (GET /v1/transactions/{id}); fees of the traveller only for the traveller. */
export interface TransactionView {
  id: number;
  transaction_type: 'request' | 'other';
  status: OrderState;
  stage: Stage;
  status_detail: string;
  /** The topics of the help-transaction popup for this status_detail (orders-after:help.topic.*). */
  help_topics: readonly string[];
  /** Complaint, return, answer, appeal and decision, once a complaint is filed. */
  after_sales: AfterSalesView | null;
  viewer_role: PartyRole;
  actions: OrderEvent[];
  products: {
    id: number;
    product_id: number | null;
    request_id: number | null;
    slug: string | null;
    name: string;
    price: number;
    quantity: number;
    weight: number;
    notes: string | null;
    image: ImageRef | null;
    product_detail: { type: 'negotiable' | 'fixed' };
  }[];
  bid_histories: { role: PartyRole; product_price: number; traveler_tip: number; shipping_fee: number; total_price: number; created_at: string }[];
  product_price: number;
  traveler_tip: number;
  shipping_fee: number;
  service_fee: number;
  total_price: number;
  platform_fee?: number;
  platform_fee_percent?: number;
  traveler_total?: number;
  payment_deadline: string | null;
  expires_at: string | null;
  deadline_at: string | null;
  courier: { shipping_id: string | null; courier_name: string | null; resi: string | null; shipped_courier: string | null };
  address: OrderAddressView | null;
  notes: string | null;
  receipt_image: ImageRef | null;
  canceled_by: string | null;
  canceled_reason: string | null;
  trip: { id: number; origin_city: string; destination_city: string; delivery_date: string };
  traveler: OrderParty;
  user: OrderParty;
  chat_room: { id: number } | null;
  histories: { event: string; from: string | null; to: string; actor_role: string; created_at: string }[];
  created_at: string;
  paid_at: string | null;
  /** The ratings given on this order, each side's; `can_rate` is the side the viewer may still rate. */
  ratings: { traveler: RatingView | null; requester: RatingView | null };
  can_rate: 'traveler' | 'requester' | null;
}

/** The dashboards' list: a page of orders and how many sit in each stage (the tab counts). */
export type TransactionPage = Page<TransactionView> & { counts: Partial<Record<Stage, number>> };

/** A cart line with its product. */
export interface CartLine {
  id: number;
  quantity: number;
  product_id: number;
  available: boolean;
  product: ProductView;
}

/** A courier option (SPEC §3 "Expedition option"). */
export interface ExpeditionOption {
  shipping_id: string;
  courier_name: string;
  total_price: number;
}

/** How the browser pays (POST /v1/transactions/{id}/pay). */
export interface PayStart {
  payment_id: number;
  provider: string;
  payment_type: PaymentType;
  amount: number;
  expires_at: string;
  token: string | null;
  redirect_url: string | null;
  client_secret: string | null;
  instructions: Record<string, unknown> | null;
}

/**
 * The balance (saldo): what can be withdrawn, what is on its way to a bank, the postings newest
 * first (withdrawals with their payout) and every withdrawal's payout.
 */
export interface BalanceView {
  balance: number;
  pending_withdrawal: number;
  history: BalancePosting[];
  withdrawals: PayoutView[];
}
