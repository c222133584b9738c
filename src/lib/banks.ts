/**
 * Indonesian banks that accept payouts, with the short codes used by Indonesian payout
 * networks (BI-FAST / disbursement APIs). Ordered by how often people use them.
 */
export const PAYOUT_BANKS = [
  { bank_code: 'bca', bank_name: 'Bank Central Asia (BCA)' },
  { bank_code: 'mandiri', bank_name: 'Bank Mandiri' },
  { bank_code: 'bri', bank_name: 'Bank Rakyat Indonesia (BRI)' },
  { bank_code: 'bni', bank_name: 'Bank Negara Indonesia (BNI)' },
  { bank_code: 'bsm', bank_name: 'Bank Syariah Indonesia (BSI)' },
  { bank_code: 'cimb', bank_name: 'CIMB Niaga' },
  { bank_code: 'permata', bank_name: 'Bank Permata' },
  { bank_code: 'danamon', bank_name: 'Bank Danamon' },
  { bank_code: 'btn', bank_name: 'Bank Tabungan Negara (BTN)' },
  { bank_code: 'bank_jago', bank_name: 'Bank Jago' },
  { bank_code: 'seabank', bank_name: 'SeaBank Indonesia' },
  { bank_code: 'ocbc', bank_name: 'OCBC Indonesia' },
  { bank_code: 'maybank', bank_name: 'Maybank Indonesia' },
  { bank_code: 'panin', bank_name: 'Panin Bank' },
  { bank_code: 'mega', bank_name: 'Bank Mega' },
  { bank_code: 'btpn', bank_name: 'Bank BTPN / Jenius' },
  { bank_code: 'uob', bank_name: 'UOB Indonesia' },
  { bank_code: 'hsbc', bank_name: 'HSBC Indonesia' },
  { bank_code: 'dbs', bank_name: 'DBS Indonesia' },
  { bank_code: 'muamalat', bank_name: 'Bank Muamalat' },
  { bank_code: 'bjb', bank_name: 'Bank BJB' },
  { bank_code: 'dki', bank_name: 'Bank DKI' },
  { bank_code: 'jatim', bank_name: 'Bank Jatim' },
  { bank_code: 'jateng', bank_name: 'Bank Jateng' },
  { bank_code: 'bpd_bali', bank_name: 'Bank BPD Bali' },
  { bank_code: 'sinarmas', bank_name: 'Bank Sinarmas' },
  { bank_code: 'bukopin', bank_name: 'KB Bank (Bukopin)' },
  { bank_code: 'neo', bank_name: 'Bank Neo Commerce' },
  { bank_code: 'allo', bank_name: 'Allo Bank' },
  { bank_code: 'artos', bank_name: 'Bank Jago Syariah' },
] as const;

export const bankName = (code: string) => PAYOUT_BANKS.find((b) => b.bank_code === code)?.bank_name ?? code;
export const isPayoutBank = (code: string) => PAYOUT_BANKS.some((b) => b.bank_code === code);
