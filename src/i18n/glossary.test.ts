/**
 * The glossary of the kit's terms (docs/i18n.md, "Glossary"): in each locale, every text whose English names a
 * wallet, a network, a swap or a token uses that locale's word for it, so a term reads the same in every view.
 * The forms listed are the word's stems and inflections as the catalogue uses them (Polish `sieć`, `sieci`;
 * Hebrew `טוקן`, `טוקנים`); a text that says the thing another way fails here by its key.
 */
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { CATALOGUE_LOADERS, loadCatalogue } from './loaders';
import type { Locale } from './locales';

type Tree = { readonly [key: string]: string | Tree };
type Term = 'wallet' | 'network' | 'swap' | 'token';

/** The English that names each term (placeholders such as `{wallet}` are not words and are left out). */
const ENGLISH: Record<Term, RegExp> = {
  wallet: /\bwallets?\b/i,
  network: /\bnetworks?\b/i,
  swap: /\bswap(s|ped|ping)?\b/i,
  token: /\btokens?\b/i,
};

/** Each locale's word for each term: any of these forms (lower case, matched inside the text). */
const GLOSSARY: Record<Exclude<Locale, 'en'>, Record<Term, readonly string[]>> = {
  es: { wallet: ['billetera'], network: ['red'], swap: ['intercambi'], token: ['token'] },
  'pt-BR': { wallet: ['carteira'], network: ['rede'], swap: ['troca', 'trocar'], token: ['token'] },
  fr: { wallet: ['portefeuille'], network: ['réseau'], swap: ['échang'], token: ['jeton'] },
  de: { wallet: ['wallet'], network: ['netzwerk'], swap: ['tausch'], token: ['token'] },
  tr: { wallet: ['cüzdan'], network: ['ağ'], swap: ['takas'], token: ['token'] },
  ru: { wallet: ['кошел'], network: ['сет'], swap: ['обмен'], token: ['токен'] },
  'zh-CN': { wallet: ['钱包'], network: ['网络'], swap: ['兑换'], token: ['代币'] },
  ja: { wallet: ['ウォレット'], network: ['ネットワーク'], swap: ['スワップ'], token: ['トークン'] },
  ko: { wallet: ['지갑'], network: ['네트워크'], swap: ['스왑'], token: ['토큰'] },
  ar: { wallet: ['محفظ', 'محافظ'], network: ['شبك'], swap: ['مبادل', 'بادل'], token: ['رمز', 'رموز'] },
  he: {
    wallet: ['ארנק'],
    network: ['רשת', 'רשתות'],
    swap: ['המר', 'להמיר', 'הומר'],
    token: ['טוקן', 'טוקנ'],
  },
  it: { wallet: ['wallet'], network: ['rete', 'reti'], swap: ['scambi'], token: ['token'] },
  nl: { wallet: ['wallet'], network: ['netwerk'], swap: ['swap'], token: ['token'] },
  pl: {
    wallet: ['portfel'],
    network: ['sieć', 'sieci', 'siec'],
    swap: ['zamian', 'zamie'],
    token: ['token'],
  },
  uk: { wallet: ['гаман'], network: ['мереж'], swap: ['обмін'], token: ['токен'] },
  hi: { wallet: ['वॉलेट'], network: ['नेटवर्क'], swap: ['स्वैप'], token: ['टोकन'] },
  id: { wallet: ['dompet'], network: ['jaringan'], swap: ['tukar', 'nukar'], token: ['token'] },
  ms: { wallet: ['dompet'], network: ['rangkaian'], swap: ['tukar', 'nukar'], token: ['token'] },
  th: { wallet: ['กระเป๋าเงิน'], network: ['เครือข่าย'], swap: ['สวอป'], token: ['โทเค็น'] },
  vi: { wallet: ['ví'], network: ['mạng'], swap: ['hoán đổi'], token: ['token'] },
  'zh-HK': { wallet: ['錢包'], network: ['網絡'], swap: ['兌換'], token: ['代幣'] },
  'zh-TW': { wallet: ['錢包'], network: ['網路'], swap: ['兌換'], token: ['代幣'] },
  fa: { wallet: ['کیف پول'], network: ['شبکه'], swap: ['تبدیل'], token: ['توکن'] },
};

function leaves(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else leaves(value, path, out);
  }
  return out;
}

const withoutPlaceholders = (text: string) => text.replace(/\{[^{}]*\}/g, ' ');

describe('glossary', () => {
  it('lists every shipped locale', () => {
    expect(Object.keys(GLOSSARY).sort()).toEqual(Object.keys(CATALOGUE_LOADERS).sort());
  });

  it.each(Object.keys(GLOSSARY) as Exclude<Locale, 'en'>[])(
    '%s uses its word for each term in every text',
    async (locale) => {
      const reference = leaves(en as unknown as Tree);
      const catalogue = leaves((await loadCatalogue(locale)) as unknown as Tree);
      const misses: string[] = [];
      for (const [term, english] of Object.entries(ENGLISH) as [Term, RegExp][]) {
        const forms = GLOSSARY[locale][term];
        for (const [path, text] of reference) {
          if (!english.test(withoutPlaceholders(text))) continue;
          const translated = (catalogue.get(path) ?? '').toLowerCase();
          if (!forms.some((form) => translated.includes(form)))
            misses.push(`${term} ${path}: ${catalogue.get(path)}`);
        }
      }
      expect(misses).toEqual([]);
    },
  );
});
