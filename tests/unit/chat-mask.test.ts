/** Contact details in a chat before payment: masked in their usual disguises, and nothing else touched. */
import { describe, expect, it } from 'vitest';
import { maskContacts } from '../../src/server/domain/chat/mask.ts';

describe('maskContacts', () => {
  it.each([
    ['fullwidth digits', 'call ０８１２３４５６７８９０ ok', 'call ••• ok'],
    ['a fullwidth at sign and dot', 'mail me: rina＠mail．com thanks', 'mail me: ••• thanks'],
    ['(at) and (dot) spelled out', 'name (at) example (dot) com', '•••'],
    ['at and dot as words', 'budi at gmail dot com please', '••• please'],
    ['{dot} and titik', 'toko{dot}co{titik}id', '•••'],
    ['a defanged link', 'see hxxps://evil[.]com/x now', 'see ••• now'],
    ['h**p and [:]', 'h**p[:]//evil.example/x', '•••'],
    ['a fullwidth host', 'ｗｗｗ．ｔｏｋｏ．ｃｏｍ', '•••'],
    ['a ligature in an address', 'ﬁne at ﬁle dot com', '•••'],
    ['a WhatsApp link', 'wa.me/6281234567890', '•••'],
  ])('masks %s', (_, text, masked) => {
    expect(maskContacts(text)).toEqual({ text: masked, masked: true });
  });

  it('keeps the rest of the message as typed (emoji, other scripts, prices, times)', () => {
    expect(maskContacts('halo 😀 kak, rina@mail.com ya').text).toBe('halo 😀 kak, ••• ya');
    expect(maskContacts('東京で買います、０８１２ ３４５６ ７８９０ まで').text).toBe('東京で買います、••• まで');
    for (const plain of ['Harga Rp 1.250.000, berat 2.5 kg', 'I land at 10.30 on 12/12', 'Is it the 2024 edition? 3 boxes please', 'meet at the gate']) {
      expect(maskContacts(plain)).toEqual({ text: plain, masked: false });
    }
  });
});
