/**
 * Google's variant attributes read from Shopify options as merchants name them (issue 26, "What to
 * build"; ARCHITECTURE.md §4 "Google judges items together").
 *
 * Google groups variants under one `item_group_id` only when they differ by size, color, material,
 * pattern, age_group or gender (https://support.google.com/merchants/answer/6324507). The attributes:
 * size https://support.google.com/merchants/answer/6324492, color .../6324487, material .../6324410,
 * pattern .../6324483, age_group .../6324463, gender .../6324479.
 *
 * The vocabulary comes from the option names seen in real Shopify exports (issue 26: `Colors`, `Ring
 * size`, `Pick a colour and material`, `Cor`, `Tamanho`, `Variação`, `Flavor`, ...) and from each
 * language's usual words for them, in English, French, German, Spanish, Italian, Portuguese, Dutch
 * and Polish. Choices that are ours rather than a dictionary's:
 * - A bare "Age" option (Alter, Âge, Edad, Età, Idade, Leeftijd, Wiek) is `size`: stores use it for
 *   children's sizes by age ("3-4 years", "6-12 months"), and Google's age_group page says those
 *   sizes are "identified by the age range in months (0–3)" or "years (1–5)", while age_group itself
 *   takes one of five fixed values (googleAgeGroup reads them from such a size).
 * - A shade (Farbton, teinte, tono, ...) is `color`: Google's color is the colour as the landing page
 *   names it ("Toasted Walnut", "Orange Mango Explosion"), which is what a cosmetics shade is.
 * - A fabric or a metal is `material`: Google's material is "the main fabric or material".
 */

/** Google's variant attributes (product data specification; item_group_id help page). */
export const VARIANT_ATTRIBUTES = ['size', 'color', 'material', 'pattern', 'age_group', 'gender'] as const;
export type VariantAttribute = (typeof VARIANT_ATTRIBUTES)[number];

type AgeGroup = 'newborn' | 'infant' | 'toddler' | 'kids' | 'adult';
type Gender = 'male' | 'female' | 'unisex';

/** Any letters before a word: German and Dutch write it as the end of a compound (Ringgröße, hoofdkleur). */
const COMPOUND = '\\p{L}*';

/**
 * Words naming each attribute in an option name, as regular-expression sources over `words()` text
 * (lower case, no accents, single spaces), with the languages they are from. Plurals, and the
 * spellings merchants type without accents or umlauts, are spelt out.
 */
const OPTION_NAMES: Readonly<Record<VariantAttribute, readonly string[]>> = {
  size: [
    'siz(?:e|es|ing)|ages?', // en, fr (âge)
    'tailles?|pointures?', // fr
    `${COMPOUND}groe?ssen?|alter`, // de
    'tallas?|tamanos?|medidas?|edad(?:es)?', // es, pt (medida)
    'tagli[ae]|misur[ae]|eta', // it
    'tamanhos?|numeracao|idades?', // pt
    // No other compounds: `Automaat` is a machine.
    '(?:ring|schoen|kleding)?ma(?:at|ten)|leeftijd(?:en)?', // nl
    'rozmiar(?:y|u|ow)?|wiek', // pl
  ],
  color: [
    'colou?r(?:s|es|ways?)?|shades?', // en, es (colores)
    'couleurs?|coloris|teintes?', // fr
    `${COMPOUND}farben?|farbt(?:on|oe?ne)`, // de
    'tonos?', // es
    'colori|colore|tonalita', // it
    'cor|cores|tonalidades?', // pt
    `${COMPOUND}kleur(?:en)?|tint(?:en)?`, // nl
    'kolor(?:y|u|ow)?|odcien(?:ie)?', // pl
  ],
  material: [
    'material(?:s|es|e|i|ien|y|u)?|materiais', // en, de, es, it, pt, pl
    'fabrics?|metals?', // en
    'materiaux|materiau|matieres?|tissus?|metaux', // fr
    `${COMPOUND}stoff(?:e)?|metall(?:e)?`, // de
    'telas?|metales', // es
    'tessut[oi]|metall[oi]', // it
    'tecidos?|metais', // pt
    'materia(?:al|len)|stof(?:fen)?|metaal', // nl
    'tkanin[ay]', // pl
  ],
  pattern: [
    'patterns?', // en
    'motifs?', // fr
    `${COMPOUND}muster`, // de
    'estampados?', // es
    'fantasi[ae]', // it
    'padra?o(?:es)?|estampas?', // pt
    'patro(?:on|nen)|dessins?', // nl
    'wzor(?:y|u|ow)?', // pl
  ],
  age_group: [
    'age ?groups?', // en
    '(?:tranches?|groupes?|classes?) d ages?', // fr
    'alters(?:gruppen?|klassen?)', // de
    'grupos? de edad(?:es)?|grupos? etarios?|franjas? de edad', // es, pt (grupo etário)
    'fasc(?:ia|e) di? eta', // it
    'faixas? etarias?|faixas? de idade', // pt
    'leeftijds(?:groep(?:en)?|categorie(?:en)?)', // nl
    'grup[ay] wiekow[ae]', // pl
  ],
  gender: [
    'genders?|sex', // en
    'genres?|sexe', // fr
    'geschlecht(?:er)?', // de
    'generos?|sexo', // es, pt
    'genere|sesso', // it
    'geslacht(?:en)?', // nl
    'plec', // pl
  ],
};

/**
 * Words naming what Google has no variant attribute for: flavour, count and pack, serving, weight,
 * duration, style, scent, strength, a gift card's denomination.
 */
const NOT_VARIANT_ATTRIBUTES: readonly string[] = [
  'flavou?rs?|tastes?|counts?|quantity|quantities|qty|packs?|bundles?|servings?|portions?', // en
  'weights?|durations?|styles?|scents?|fragrances?|strengths?|dosages?|denominations?|amounts?|values?', // en
  'saveurs?|gouts?|quantites?|lots?|poids|durees?|parfums?|valeurs?', // fr
  `geschma${COMPOUND}|anzahl|mengen?|(?:ver)?packung${COMPOUND}|portion${COMPOUND}|gewicht(?:e)?`, // de
  `dauer|laufzeit(?:en)?|stil(?:e)?|duft${COMPOUND}|stae?rke|wert(?:e)?`, // de
  'sabor(?:es)?|cantidad(?:es)?|paquetes?|porciones|pesos?|duracion(?:es)?|estilos?|aromas?|valor(?:es)?', // es, pt
  'sapor[ei]|quantita|confezion[ei]|porzioni|durata|stile|profumo|valore', // it
  'quantidades?|pacotes?|porcoes|duracao', // pt
  'smaak|smaken|aantal|hoeveelheid|pakket(?:ten)?|porties|duur|geur(?:en)?|waarde', // nl
  'smak(?:i|u)?|ilosc|liczba|opakowan(?:ie|ia)|zestaw(?:y)?|waga|wagi|czas|styl|zapach(?:y)?|wartosc', // pl
];

/** A pattern matching any of `alternatives` as whole words of `words()` text. */
function wholeWords(alternatives: readonly string[]): RegExp {
  return new RegExp(`(?<=^| )(?:${alternatives.join('|')})(?= |$)`, 'u');
}

const OPTION_NAME_PATTERNS = VARIANT_ATTRIBUTES.map(
  (attribute) => [attribute, wholeWords(OPTION_NAMES[attribute])] as const,
);
const NOT_VARIANT_ATTRIBUTE_PATTERN = wholeWords(NOT_VARIANT_ATTRIBUTES);

/** `text` lower-cased without accents; ß and ł, which Unicode does not decompose, spelt ss and l. */
function fold(text: string): string {
  return text.toLowerCase().replace(/ß/g, 'ss').replace(/ł/g, 'l').normalize('NFKD').replace(/\p{M}/gu, '');
}

/** `text` folded, as words separated by single spaces ("Size *" and "Size:" are both "size"). */
function words(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The variant attribute a merchant's option name stands for, or null (flavour, count, weight,
 * duration, style, "Title", ...). The name may say more than the attribute ("Ring size", "Pick a
 * colour", "Taille du bracelet"). A name naming two attributes ("Pick a colour and material",
 * "Colour / Size") stands for the one it names first, whose value usually leads ("Black leather"). A
 * name that also names something Google has no attribute for ("Pack size", "Flavour / Size") is null:
 * its values do not describe the attribute alone.
 */
export function variantAttributeOf(optionName: string): VariantAttribute | null {
  const name = words(optionName);
  if (NOT_VARIANT_ATTRIBUTE_PATTERN.test(name)) return null;
  let first: { attribute: VariantAttribute; index: number; length: number } | null = null;
  for (const [attribute, pattern] of OPTION_NAME_PATTERNS) {
    const match = pattern.exec(name);
    if (match === null) continue;
    // At the same place the longer name wins: "age group" is age_group, not the "age" of size.
    if (
      first === null ||
      match.index < first.index ||
      (match.index === first.index && match[0].length > first.length)
    ) {
      first = { attribute, index: match.index, length: match[0].length };
    }
  }
  return first?.attribute ?? null;
}

/** Words for each age group in an option value ("baby" is Google's infant, a teen its adult). */
const AGE_GROUP_WORDS: Readonly<Record<AgeGroup, RegExp>> = {
  newborn: wholeWords([
    'new ?borns?', // en
    'nouveaux? nes?', // fr
    'neugeboren(?:e|en|es)?', // de
    'recien nacid[oa]s?', // es
    'neonat[oaie]', // it
    'recem nascid[oa]s?', // pt
    'pasgeboren(?:e|en)?', // nl
    'noworod(?:ek|ki|kow)', // pl
  ]),
  infant: wholeWords([
    'infants?|bab(?:y|ies)', // en, nl (baby)
    'bebes?', // fr, es, it, pt
    'nourrissons?', // fr
    'babys?|sae?uglinge?', // de, nl (baby's)
    'zuigelingen?', // nl
    'niemowl(?:e|eta|ak|aki)', // pl
  ]),
  toddler: wholeWords([
    'toddlers?', // en
    'tout petits?', // fr
    'kleinkind(?:er)?', // de
    'peuters?', // nl
  ]),
  kids: wholeWords([
    'kids?|child|children|childrens', // en
    'enfants?', // fr
    'kinder|kind', // de, nl (kind)
    'nin[oa]s?|infantil', // es, pt (infantil)
    'bambin[oaie]', // it
    'criancas?', // pt
    'kinderen', // nl
    'dzieci|dziecko|dzieciece', // pl
  ]),
  adult: wholeWords([
    'adults?|teens?|teenagers?', // en
    'adultes?|ados?|adolescents?', // fr
    'erwachsene[nr]?|jugendliche[nr]?', // de
    'adult[oa]s?|adolescentes?', // es, pt
    'adult[ie]|adolescenti', // it
    'volwassen(?:e|en)?|tieners?', // nl
    'dorosl[yiae]|nastolat(?:ek|ki|kow)', // pl
  ]),
};

const MONTHS = 'months?|mths?|mos?|m|mois|monate?n?|mes|meses|mesi|maanden|maand|mnd|miesiecy|miesiace|mies';
// "T" is the US toddler size: 2T fits a two-year-old.
const YEARS = 'years?|yrs?|y|ans?|jahre?n?|j|anos?|ann[io]|jaar|lata?|roku?|t';
/** An age or age range in months or years, as children's sizes are labelled ("6-12 M", "3 à 4 ans"). */
const AGE = new RegExp(
  `(?<!\\d)(\\d+)\\s*(?:(?:-|–|/|to|a|bis|al|tot|do|ate)\\s*(\\d+)\\s*)?(?:(${MONTHS})|(${YEARS}))(?!\\p{L})`,
  'u',
);

/** Each age group's ages in months, youngest first, as Google's age_group page gives them. */
const AGE_GROUP_MONTHS: readonly (readonly [AgeGroup, number, number])[] = [
  ['newborn', 0, 3],
  ['infant', 3, 12],
  ['toddler', 12, 60],
  ['kids', 60, 156],
  ['adult', 156, Infinity],
];

/** The youngest age group whose range holds the whole age range in `value`, or null. */
function ageGroupOfAges(value: string): AgeGroup | null {
  const match = AGE.exec(value);
  if (match === null) return null;
  const perUnit = match[3] === undefined ? 12 : 1;
  const from = Number(match[1]) * perUnit;
  const to = Number(match[2] ?? match[1]) * perUnit;
  const group = AGE_GROUP_MONTHS.find(
    ([, low, high]) => low <= Math.min(from, to) && Math.max(from, to) <= high,
  );
  return group?.[0] ?? null;
}

/** The only key of `patterns` matching `text`, or null when none or several match. */
function onlyMatch<K extends string>(patterns: Readonly<Record<K, RegExp>>, text: string): K | null {
  const keys = (Object.keys(patterns) as K[]).filter((key) => patterns[key].test(text));
  return keys.length === 1 ? (keys[0] ?? null) : null;
}

/**
 * Google's age_group value for a merchant's option value, or null when it is none of them.
 * An age or age range ("0-3 months", "3-4 years", "2T") is read first, with Google's bounds; a range
 * straddling two groups ("0-6 months") is null. Otherwise the value's words ("Baby", "Kinder",
 * "Adult"), when they name one group only.
 */
export function googleAgeGroup(value: string): 'newborn' | 'infant' | 'toddler' | 'kids' | 'adult' | null {
  return ageGroupOfAges(fold(value)) ?? onlyMatch(AGE_GROUP_WORDS, words(value));
}

/** Words for each gender in an option value, boys and girls included. */
const GENDER_WORDS: Readonly<Record<Gender, RegExp>> = {
  male: wholeWords([
    'm[ae]n|mens|males?|boys?', // en, nl (man)
    'hommes?|garcons?', // fr
    'herren|mae?nner|jungen?', // de
    'hombres?|caballeros?|nino', // es
    'uomo|uomini|ragazzo', // it
    'masculin[oa]s?|homem|homens|meninos?', // pt, es (masculino)
    'heren|mannen|jongens?', // nl
    'mezczyzn[ai]|meskie?|chlop(?:iec|cy)', // pl
  ]),
  female: wholeWords([
    'wom[ae]n|womens|females?|lady|ladies|girls?', // en
    'femmes?|filles?', // fr
    'damen|frauen?|mae?dchen', // de
    'mujer(?:es)?|damas?|ninas?', // es
    'donna|donne|ragazz[ae]', // it
    'feminin[oa]s?|femenin[oa]s?|mulher(?:es)?|meninas?', // pt, es (femenino)
    'dames|vrouwen?|meisjes?', // nl
    'kobiet[ay]?|damskie?|dziewczyn(?:ka|ki)', // pl
  ]),
  unisex: wholeWords(['unisex|unissex|uniseks|mixte']), // en, pt, pl, fr
};

/**
 * Google's gender value for a merchant's option value, or null.
 * A value naming both ("Men & Women") is unisex: made for both.
 */
export function googleGender(value: string): 'male' | 'female' | 'unisex' | null {
  const text = words(value);
  const male = GENDER_WORDS.male.test(text);
  const female = GENDER_WORDS.female.test(text);
  if (GENDER_WORDS.unisex.test(text) || (male && female)) return 'unisex';
  return male ? 'male' : female ? 'female' : null;
}
