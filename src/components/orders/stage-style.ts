import type { Stage } from '../../lib/orders/vocabulary.ts';

/** SPEC §3: the badge carries its stage name as a class (penawaran, pembayaran, …) plus its colours. */
export const STAGE_COLOURS: Record<Stage, string> = {
  penawaran: 'bg-amber-50 text-amber-800 ring-amber-200',
  pembayaran: 'bg-sky-50 text-sky-800 ring-sky-200',
  pembelian: 'bg-violet-50 text-violet-800 ring-violet-200',
  pengiriman: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  pembatalan: 'bg-red-50 text-red-800 ring-red-200',
  selesai: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  refund: 'bg-orange-50 text-orange-800 ring-orange-200',
  banding: 'bg-rose-50 text-rose-800 ring-rose-200',
};

export const stageBadgeClass = (stage: Stage) =>
  `stage-badge ${stage} inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STAGE_COLOURS[stage]}`;
