import { describe, expect, it } from 'vitest';
import { googleAgeGroup, googleGender, variantAttributeOf } from './variant-attributes';

/** [input, expected] rows for each expected answer, the inputs written ' | '-separated to keep the table short. */
function rows<T>(table: readonly (readonly [T, string])[]): [string, T][] {
  return table.flatMap(([expected, inputs]) =>
    inputs.split(' | ').map((input): [string, T] => [input, expected]),
  );
}

describe('variantAttributeOf', () => {
  it.each(
    rows([
      [
        'size',
        'Size | Sizes | Ring size | Shoes size | Pick a size | Size: | Size * | SIZE | Tailles | Pointure',
      ],
      ['size', 'Taille du bracelet | Größe | Groesse | Grösse | Ringgröße | Schuhgröße | Tallas | Tamaño'],
      [
        'size',
        'Taglie | Misura | Tamanhos | Numeração | Maat | Schoenmaat | Maten | Rozmiary | Rozmiar buta',
      ],
      ['size', 'Age | Ages | Âge | Alter | Edad | Età | Idade | Leeftijd | Wiek'],
      ['color', 'Colors | Colours | Choose your colour | Colorway | Couleurs | Coloris | Farbe | Hauptfarbe'],
      ['color', 'Colores | Colori | Cor | Cores | Kleuren | Hoofdkleur | Kolory | Kolor oprawki'],
      ['color', 'Shade | Teinte | Farbton | Farbtöne | Tono | Tonalità | Tonalidade | Tint | Odcień'],
      ['color', 'Pick a colour and material | Colour / Size | Cor/Tamanho | Farbe & Größe'],
      ['size', 'Size - Colour | Tamanho e cor'],
      [
        'material',
        'Material | Materials | Materiał | Materiały | Matière | Matériau | Materiale | Materiales',
      ],
      [
        'material',
        'Materiais | Materiaal | Fabric | Tissu | Bezugsstoff | Tela | Tessuto | Tecido | Metal | Metall',
      ],
      ['pattern', 'Pattern | Patterns | Motif | Muster | Estampado | Fantasia | Padrão | Padrao | Padrões'],
      ['pattern', 'Patroon | Dessin | Wzór | Wzory'],
      ['age_group', "Age group | Age Groups | Tranche d'âge | Altersgruppe | Grupo de edad | Fascia d'età"],
      ['age_group', 'Faixa etária | Leeftijdsgroep | Grupa wiekowa'],
      ['gender', 'Gender | Sex | Genre | Geschlecht | Género | Gênero | Sesso | Geslacht | Płeć'],
      [null, 'Title | Flavor | Flavour | Geschmack | Geschmacksrichtung | Saveur | Goût | Sabor | Sapore'],
      [
        null,
        'Smaak | Smak | Count | Quantity | Anzahl | Pack | Bundle | Cantidad | Ilość | Weight | Gewicht',
      ],
      [null, 'Poids | Peso | Waga | Duration | Laufzeit | Durée | Style | Variant | Variation | Variação'],
      [null, 'Wariant | Denomination | Scent | Strength | Model | Corte | Decor | Automaat | Stage'],
      [null, 'Pack size | Packungsgröße | Serving size | Taille du lot | Flavour / Size | Size / Flavour'],
    ]),
  )('%j → %j', (name, attribute) => {
    expect(variantAttributeOf(name)).toBe(attribute);
  });
});

describe('googleAgeGroup', () => {
  it.each(
    rows([
      ['newborn', 'Newborn | 0-3 months | 0–3 M | 3M | Nouveau-né | Neugeborene | Recién nacido | Noworodek'],
      ['infant', 'Infant | Baby | Bébé | Bebê | Säugling | 3-6 months | 6-12 M | 6 à 12 mois | 9 Monate'],
      ['toddler', 'Toddler | 2T | 12-18 months | 1-2 years | 3-4 ans | 3 a 4 años | 4-5 Jahre | Peuter'],
      ['kids', 'Kids | Children | Enfants | Kinder | Niños | Bambini | Crianças | Kinderen | Dzieci'],
      ['kids', '5-6 years | 7-8 ans | 10 anni | 12-13 jaar | 9-10 lat | 8 anos'],
      ['adult', 'Adult | Adults | Erwachsene | Adulte | Adulto | Volwassenen | Dorośli | Teen | 13-14 years'],
      [null, '0-6 months | 4-6 years | Baby & Kids | XL | 38 | Red | Size 10 | '],
    ]),
  )('%j → %j', (value, group) => {
    expect(googleAgeGroup(value)).toBe(group);
  });
});

describe('googleGender', () => {
  it.each(
    rows([
      [
        'male',
        "Men | Man | Male | Mens | Men's | Herren | Homme | Hombre | Uomo | Masculino | Mężczyźni | Heren",
      ],
      ['male', 'Boys | Garçon | Jungen | Menino | Chłopiec'],
      [
        'female',
        "Women | Woman | Female | Women's | Ladies | Damen | Femme | Mujer | Donna | Feminino | Kobiety",
      ],
      ['female', 'Dames | Girls | Fille | Mädchen | Niña | Menina | Dziewczynka'],
      ['unisex', 'Unisex | Unissex | Mixte | Men & Women | Herren/Damen'],
      [null, 'Kids | Adult | Black | XL | Omen | Mensa | '],
    ]),
  )('%j → %j', (value, gender) => {
    expect(googleGender(value)).toBe(gender);
  });
});
