/**
 * Withdrawal limits (SPEC §9 money rules: whole Rupiah). Rp 10.000 is the smallest transfer
 * Indonesian disbursement networks (Midtrans Iris, BI-FAST) accept; below it a transfer costs
 * more than it moves.
 */
export const MIN_WITHDRAWAL = 10_000;
