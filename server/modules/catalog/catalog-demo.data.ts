import { LOCALES, type Locale } from '../../platform/i18n/index.js';
import type { NewProduct, Nutrition, ProductTexts } from './catalog.types.js';

// The demo catalogue, written by us in the four languages (no fallbacks). Prices in cents.

type L4<T> = Record<Locale, T>;

export const DEMO_CATEGORIES: Array<{ code: string; position: number; texts: L4<{ name: string; slug: string }> }> = [
  {
    code: 'classic',
    position: 1,
    texts: {
      hr: { name: 'Klasični oblici', slug: 'klasicni-oblici' },
      en: { name: 'Classic shapes', slug: 'classic-shapes' },
      de: { name: 'Klassische Formen', slug: 'klassische-formen' },
      sl: { name: 'Klasične oblike', slug: 'klasicne-oblike' },
    },
  },
  {
    code: 'superfoodie',
    position: 2,
    texts: {
      hr: { name: 'Superfoodie', slug: 'superfoodie' },
      en: { name: 'Superfoodie', slug: 'superfoodie' },
      de: { name: 'Superfoodie', slug: 'superfoodie' },
      sl: { name: 'Superfoodie', slug: 'superfoodie' },
    },
  },
  {
    code: 'alphabet',
    position: 3,
    texts: {
      hr: { name: 'Abeceda pjesama', slug: 'abeceda-pjesama' },
      en: { name: 'Alphabet of songs', slug: 'alphabet-of-songs' },
      de: { name: 'Alphabet der Lieder', slug: 'alphabet-der-lieder' },
      sl: { name: 'Abeceda pesmi', slug: 'abeceda-pesmi' },
    },
  },
  {
    code: 'business',
    position: 4,
    texts: {
      hr: { name: 'Poslovna pakiranja 1 kg', slug: 'poslovna-pakiranja' },
      en: { name: 'Business packs 1 kg', slug: 'business-packs' },
      de: { name: 'Großpackungen 1 kg', slug: 'grosspackungen' },
      sl: { name: 'Poslovna pakiranja 1 kg', slug: 'poslovna-pakiranja' },
    },
  },
];

const DURUM: L4<[string, string]> = {
  hr: ['Krupica od durum pšenice, voda.', 'Sadrži gluten (pšenica). Može sadržavati tragove jaja i soje.'],
  en: ['Durum wheat semolina, water.', 'Contains gluten (wheat). May contain traces of egg and soy.'],
  de: ['Hartweizengrieß, Wasser.', 'Enthält Gluten (Weizen). Kann Spuren von Ei und Soja enthalten.'],
  sl: ['Zdrob iz trde pšenice, voda.', 'Vsebuje gluten (pšenica). Lahko vsebuje sledi jajc in soje.'],
};
const EGG: L4<[string, string]> = {
  hr: [
    'Krupica od durum pšenice, svježa jaja iz slobodnog uzgoja (20 %), voda.',
    'Sadrži gluten (pšenica) i jaja. Može sadržavati tragove soje.',
  ],
  en: ['Durum wheat semolina, fresh free-range eggs (20 %), water.', 'Contains gluten (wheat) and egg. May contain traces of soy.'],
  de: [
    'Hartweizengrieß, frische Eier aus Freilandhaltung (20 %), Wasser.',
    'Enthält Gluten (Weizen) und Ei. Kann Spuren von Soja enthalten.',
  ],
  sl: ['Zdrob iz trde pšenice, sveža jajca iz proste reje (20 %), voda.', 'Vsebuje gluten (pšenica) in jajca. Lahko vsebuje sledi soje.'],
};
const WHOLE: L4<[string, string]> = {
  hr: ['Integralna krupica od durum pšenice, voda.', 'Sadrži gluten (pšenica). Može sadržavati tragove jaja i soje.'],
  en: ['Wholegrain durum wheat semolina, water.', 'Contains gluten (wheat). May contain traces of egg and soy.'],
  de: ['Vollkorn-Hartweizengrieß, Wasser.', 'Enthält Gluten (Weizen). Kann Spuren von Ei und Soja enthalten.'],
  sl: ['Polnozrnati zdrob iz trde pšenice, voda.', 'Vsebuje gluten (pšenica). Lahko vsebuje sledi jajc in soje.'],
};
const TIP: L4<(min: number) => string> = {
  hr: (m) =>
    `Kuhajte u puno posoljene kipuće vode (1 litra na 100 g) oko ${m} minuta, povremeno promiješajte i ocijedite al dente. Sačuvajte šalicu vode od kuhanja za umak.`,
  en: (m) =>
    `Cook in plenty of salted boiling water (1 litre per 100 g) for about ${m} minutes, stir now and then and drain al dente. Keep a cup of the cooking water for the sauce.`,
  de: (m) =>
    `In reichlich kochendem Salzwasser (1 Liter je 100 g) etwa ${m} Minuten kochen, gelegentlich umrühren und al dente abgießen. Eine Tasse Kochwasser für die Soße aufheben.`,
  sl: (m) =>
    `Kuhajte v veliko osoljene vrele vode (1 liter na 100 g) približno ${m} minut, občasno premešajte in odcedite al dente. Skodelico vode od kuhanja prihranite za omako.`,
};

const N_DURUM: Nutrition = {
  energy_kj: 1521,
  energy_kcal: 359,
  fat: 1.5,
  saturates: 0.3,
  carbohydrate: 71.2,
  sugars: 3.5,
  fibre: 3.0,
  protein: 12.5,
  salt: 0.0,
};
const N_EGG: Nutrition = {
  energy_kj: 1567,
  energy_kcal: 370,
  fat: 4.2,
  saturates: 1.2,
  carbohydrate: 67.5,
  sugars: 2.1,
  fibre: 2.9,
  protein: 14.5,
  salt: 0.1,
};
const N_WHOLE: Nutrition = {
  energy_kj: 1465,
  energy_kcal: 347,
  fat: 2.5,
  saturates: 0.5,
  carbohydrate: 64.0,
  sugars: 3.0,
  fibre: 8.0,
  protein: 13.5,
  salt: 0.0,
};

/** name, slug, short description, description per language. */
type Copy = L4<[string, string, string, string]>;

interface DemoProduct extends Omit<NewProduct, 'texts' | 'priceCents' | 'categoryCode'> {
  category: string;
  copy: Copy;
  base: L4<[string, string]>;
  /** Regular price changes: [days ago, cents], oldest first. */
  prices: Array<[number, number]>;
  /** Offers: [starts days ago, ends in days (negative = ended), cents]. */
  offers?: Array<[number, number, number]>;
}

const img = (code: string) => ({ src: `/images/products/${code}.svg`, width: 320, height: 400 });

const PRODUCTS: DemoProduct[] = [
  {
    code: 'ZZ-SPAG-400',
    line: 'classic',
    category: 'classic',
    cookingTimeMinutes: 9,
    nutrition: N_DURUM,
    base: DURUM,
    image: img('ZZ-SPAG-400'),
    prices: [[120, 229]],
    position: 1,
    copy: {
      hr: [
        'Špageti',
        'spageti',
        'Dugi, tanki i zlatni: tjestenina za svaki dan.',
        'Naši špageti izvlače se kroz brončane kalupe i suše polako, na niskoj temperaturi, pa im je površina hrapava i dobro upija umak. Savršeni uz umak od rajčice, ulje i češnjak ili školjke.',
      ],
      en: [
        'Spaghetti',
        'spaghetti',
        'Long, thin and golden: pasta for every day.',
        'Our spaghetti is drawn through bronze dies and dried slowly at a low temperature, so its rough surface holds the sauce. Perfect with tomato sauce, garlic and olive oil, or clams.',
      ],
      de: [
        'Spaghetti',
        'spaghetti',
        'Lang, dünn und golden: Nudeln für jeden Tag.',
        'Unsere Spaghetti werden durch Bronzeformen gezogen und langsam bei niedriger Temperatur getrocknet; die raue Oberfläche nimmt die Soße gut auf. Ideal mit Tomatensoße, Knoblauch und Olivenöl oder Muscheln.',
      ],
      sl: [
        'Špageti',
        'spageti',
        'Dolgi, tanki in zlati: testenine za vsak dan.',
        'Naše špagete vlečemo skozi bronaste matrice in jih počasi sušimo pri nizki temperaturi, zato imajo hrapavo površino, ki dobro vpije omako. Odlični s paradižnikovo omako, česnom in oljem ali školjkami.',
      ],
    },
  },
  {
    code: 'ZZ-PENN-400',
    line: 'classic',
    category: 'classic',
    cookingTimeMinutes: 11,
    nutrition: N_DURUM,
    base: DURUM,
    image: img('ZZ-PENN-400'),
    prices: [
      [60, 219],
      [22, 249],
    ],
    offers: [[2, 12, 199]],
    position: 2,
    copy: {
      hr: [
        'Penne rigate',
        'penne-rigate',
        'Koso rezane cjevčice s utorima za gušće umake.',
        'Penne rigate imaju fine utore koji zadržavaju umak izvana i iznutra. Odlične su za zapečenu tjesteninu, umak arrabbiata ili povrće s tave.',
      ],
      en: [
        'Penne rigate',
        'penne-rigate',
        'Ridged tubes cut on the slant, made for thicker sauces.',
        'Penne rigate have fine ridges that hold the sauce inside and out. Great for baked pasta, arrabbiata sauce or pan-roasted vegetables.',
      ],
      de: [
        'Penne rigate',
        'penne-rigate',
        'Schräg geschnittene Röhrchen mit Rillen für kräftige Soßen.',
        'Penne rigate haben feine Rillen, die die Soße innen und außen halten. Hervorragend für Nudelaufläufe, Arrabbiata oder Gemüse aus der Pfanne.',
      ],
      sl: [
        'Penne rigate',
        'penne-rigate',
        'Poševno rezane cevke z utori za gostejše omake.',
        'Penne rigate imajo fine utore, ki zadržijo omako zunaj in znotraj. Odlične za zapečene testenine, omako arrabbiata ali zelenjavo iz ponve.',
      ],
    },
  },
  {
    code: 'ZZ-FUSI-400',
    line: 'classic',
    category: 'classic',
    cookingTimeMinutes: 10,
    nutrition: N_DURUM,
    base: DURUM,
    image: img('ZZ-FUSI-400'),
    prices: [[200, 229]],
    position: 3,
    copy: {
      hr: [
        'Fusilli',
        'fusilli',
        'Zavojnice koje hvataju pesto i komadiće povrća.',
        'Fusilli su spiralni oblik koji u svojim zavojima zadržava pesto, sitno rezano povrće i umake od vrhnja. Izvrsni su i u hladnoj salati od tjestenine.',
      ],
      en: [
        'Fusilli',
        'fusilli',
        'Spirals that catch pesto and bits of vegetables.',
        'Fusilli are spirals whose twists hold pesto, finely chopped vegetables and cream sauces. Excellent in a cold pasta salad too.',
      ],
      de: [
        'Fusilli',
        'fusilli',
        'Spiralen, die Pesto und Gemüsestücke auffangen.',
        'Fusilli sind Spiralen, in deren Windungen Pesto, fein geschnittenes Gemüse und Sahnesoßen haften. Auch im kalten Nudelsalat hervorragend.',
      ],
      sl: [
        'Fusilli',
        'fusilli',
        'Spirale, ki ujamejo pesto in koščke zelenjave.',
        'Fusilli so spirale, ki v zavojih zadržijo pesto, drobno narezano zelenjavo in smetanove omake. Odlični tudi v hladni testeninski solati.',
      ],
    },
  },
  {
    code: 'ZZ-TAGL-400',
    line: 'classic',
    category: 'classic',
    cookingTimeMinutes: 6,
    nutrition: N_EGG,
    base: EGG,
    image: img('ZZ-TAGL-400'),
    prices: [[150, 329]],
    stock: 25,
    position: 4,
    copy: {
      hr: [
        'Tagliatelle s jajima',
        'tagliatelle-s-jajima',
        'Široke vrpce od krupice i svježih jaja.',
        'Tagliatelle radimo s jajima iz slobodnog uzgoja s obiteljskih farmi iz Slavonije. Nježne su i žute, idealne uz ragu, gljive ili tartufe.',
      ],
      en: [
        'Egg tagliatelle',
        'egg-tagliatelle',
        'Wide ribbons of semolina and fresh eggs.',
        'We make our tagliatelle with free-range eggs from family farms in Slavonia. Tender and yellow, ideal with ragù, mushrooms or truffles.',
      ],
      de: [
        'Eier-Tagliatelle',
        'eier-tagliatelle',
        'Breite Bandnudeln aus Grieß und frischen Eiern.',
        'Unsere Tagliatelle machen wir mit Eiern aus Freilandhaltung von Familienhöfen in Slawonien. Zart und gelb, ideal zu Ragù, Pilzen oder Trüffeln.',
      ],
      sl: [
        'Jajčni tagliatelle',
        'jajcni-tagliatelle',
        'Široki trakovi iz zdroba in svežih jajc.',
        'Tagliatelle izdelujemo z jajci iz proste reje z družinskih kmetij v Slavoniji. Nežni in rumeni, idealni z ragujem, gobami ali tartufi.',
      ],
    },
  },
  {
    code: 'ZZ-FARF-400',
    line: 'classic',
    category: 'classic',
    cookingTimeMinutes: 12,
    nutrition: N_DURUM,
    base: DURUM,
    image: img('ZZ-FARF-400'),
    prices: [[90, 249]],
    position: 5,
    copy: {
      hr: [
        'Farfalle',
        'farfalle',
        'Leptirići koje djeca najviše vole.',
        'Farfalle su mašnice s nazubljenim rubovima i čvršćom sredinom. Lijepe su u salatama, s graškom i šunkom ili s lososom i vrhnjem.',
      ],
      en: [
        'Farfalle',
        'farfalle',
        'Little butterflies children love most.',
        'Farfalle are bows with crinkled edges and a firmer centre. Lovely in salads, with peas and ham, or with salmon and cream.',
      ],
      de: [
        'Farfalle',
        'farfalle',
        'Kleine Schmetterlinge, die Kinder am meisten mögen.',
        'Farfalle sind Schleifen mit gezackten Rändern und festerer Mitte. Schön in Salaten, mit Erbsen und Schinken oder mit Lachs und Sahne.',
      ],
      sl: [
        'Metuljčki',
        'metuljcki',
        'Metuljčki, ki jih otroci imajo najraje.',
        'Metuljčki so pentlje z nazobčanimi robovi in čvrstejšo sredino. Lepi so v solatah, z grahom in šunko ali z lososom in smetano.',
      ],
    },
  },
  {
    code: 'ZZ-SPAE-400',
    line: 'classic',
    category: 'classic',
    cookingTimeMinutes: 8,
    nutrition: N_EGG,
    base: EGG,
    image: img('ZZ-SPAE-400'),
    prices: [[100, 299]],
    position: 6,
    copy: {
      hr: [
        'Špecle',
        'specle',
        'Sušeni mali valjušci od jaja, kao kod bake.',
        'Špecle su male, nepravilne jajčane valjuške s juga Njemačke koje se i kod nas jedu uz gulaš i paprikaš. Naše su sušene, pa ih imate uvijek pri ruci.',
      ],
      en: [
        'Spätzle',
        'spaetzle',
        'Dried little egg dumplings, just like grandma’s.',
        'Spätzle are small, irregular egg dumplings from southern Germany, eaten here with goulash and paprikash. Ours are dried, so you always have them at hand.',
      ],
      de: [
        'Spätzle',
        'spaetzle',
        'Getrocknete Eierspätzle wie bei Oma.',
        'Spätzle sind kleine, unregelmäßige Eierteigwaren aus Süddeutschland, die man auch bei uns zu Gulasch und Paprikasch isst. Unsere sind getrocknet und immer griffbereit.',
      ],
      sl: [
        'Špeclji',
        'speclji',
        'Posušeni majhni jajčni žličniki kot pri babici.',
        'Špeclji so majhni, nepravilni jajčni žličniki z juga Nemčije, ki jih tudi pri nas jemo z golažem in paprikašem. Naši so posušeni, zato jih imate vedno pri roki.',
      ],
    },
  },
  {
    code: 'ZZ-SF-SPELT-400',
    line: 'superfoodie',
    category: 'superfoodie',
    cookingTimeMinutes: 9,
    nutrition: { ...N_WHOLE, protein: 14.0 },
    image: img('ZZ-SF-SPELT-400'),
    prices: [[80, 349]],
    position: 10,
    base: {
      hr: ['Integralno brašno pira (100 %).', 'Sadrži gluten (pir). Može sadržavati tragove jaja i soje.'],
      en: ['Wholegrain spelt flour (100 %).', 'Contains gluten (spelt). May contain traces of egg and soy.'],
      de: ['Dinkelvollkornmehl (100 %).', 'Enthält Gluten (Dinkel). Kann Spuren von Ei und Soja enthalten.'],
      sl: ['Polnozrnata pirina moka (100 %).', 'Vsebuje gluten (pira). Lahko vsebuje sledi jajc in soje.'],
    },
    copy: {
      hr: [
        'Fusilli od pira',
        'fusilli-od-pira',
        'Integralni pir s orašastim okusom.',
        'Pir je stara sorta pšenice koju uzgajamo s partnerima iz Međimurja. Fusilli od integralnog pira imaju blago orašast okus i puno vlakana.',
      ],
      en: [
        'Spelt fusilli',
        'spelt-fusilli',
        'Wholegrain spelt with a nutty taste.',
        'Spelt is an ancient wheat we grow with partners in Međimurje. Wholegrain spelt fusilli have a gently nutty taste and plenty of fibre.',
      ],
      de: [
        'Dinkel-Fusilli',
        'dinkel-fusilli',
        'Vollkorndinkel mit nussigem Geschmack.',
        'Dinkel ist ein Urgetreide, das wir mit Partnern im Međimurje anbauen. Fusilli aus Dinkelvollkorn schmecken leicht nussig und haben viele Ballaststoffe.',
      ],
      sl: [
        'Pirini fusilli',
        'pirini-fusilli',
        'Polnozrnata pira z okusom po oreščkih.',
        'Pira je stara vrsta pšenice, ki jo gojimo s partnerji v Medžimurju. Fusilli iz polnozrnate pire imajo rahel okus po oreščkih in veliko vlaknin.',
      ],
    },
  },
  {
    code: 'ZZ-SF-CHICK-400',
    line: 'superfoodie',
    category: 'superfoodie',
    vatRate: 25,
    cookingTimeMinutes: 7,
    image: img('ZZ-SF-CHICK-400'),
    prices: [[90, 349]],
    offers: [
      [25, -18, 299],
      [1, 13, 279],
    ],
    position: 11,
    nutrition: {
      energy_kj: 1485,
      energy_kcal: 353,
      fat: 5.5,
      saturates: 0.6,
      carbohydrate: 49.0,
      sugars: 2.6,
      fibre: 11.0,
      protein: 21.0,
      salt: 0.1,
    },
    base: {
      hr: ['Brašno slanutka (100 %).', 'Bez glutena. Proizvedeno u pogonu u kojem se prerađuju pšenica, jaja i soja.'],
      en: ['Chickpea flour (100 %).', 'Gluten free. Made in a plant that also processes wheat, egg and soy.'],
      de: ['Kichererbsenmehl (100 %).', 'Glutenfrei. Hergestellt in einem Betrieb, der auch Weizen, Ei und Soja verarbeitet.'],
      sl: ['Moka čičerike (100 %).', 'Brez glutena. Izdelano v obratu, v katerem predelujejo tudi pšenico, jajca in sojo.'],
    },
    copy: {
      hr: [
        'Penne od slanutka',
        'penne-od-slanutka',
        'Bez glutena, s 21 g proteina na 100 g.',
        'Penne od samog brašna slanutka: puno biljnih proteina i vlakana, bez glutena. Kuhajte ih kraće i poslužite s povrćem, feta sirom ili umakom od rajčice.',
      ],
      en: [
        'Chickpea penne',
        'chickpea-penne',
        'Gluten free, with 21 g of protein per 100 g.',
        'Penne made of chickpea flour only: plenty of plant protein and fibre, no gluten. Cook them briefly and serve with vegetables, feta or tomato sauce.',
      ],
      de: [
        'Kichererbsen-Penne',
        'kichererbsen-penne',
        'Glutenfrei, mit 21 g Eiweiß pro 100 g.',
        'Penne nur aus Kichererbsenmehl: viel pflanzliches Eiweiß und Ballaststoffe, ohne Gluten. Kurz kochen und mit Gemüse, Feta oder Tomatensoße servieren.',
      ],
      sl: [
        'Penne iz čičerike',
        'penne-iz-cicerike',
        'Brez glutena, z 21 g beljakovin na 100 g.',
        'Penne samo iz moke čičerike: veliko rastlinskih beljakovin in vlaknin, brez glutena. Kuhajte jih krajši čas in postrezite z zelenjavo, feto ali paradižnikovo omako.',
      ],
    },
  },
  {
    code: 'ZZ-SF-KAMUT-400',
    line: 'superfoodie',
    category: 'superfoodie',
    cookingTimeMinutes: 10,
    nutrition: { ...N_DURUM, protein: 14.5, fibre: 6.5 },
    image: img('ZZ-SF-KAMUT-400'),
    prices: [[70, 389]],
    stock: 40,
    position: 12,
    base: {
      hr: ['Krupica od pšenice khorasan KAMUT® (100 %).', 'Sadrži gluten (pšenica khorasan). Može sadržavati tragove jaja i soje.'],
      en: ['KAMUT® khorasan wheat semolina (100 %).', 'Contains gluten (khorasan wheat). May contain traces of egg and soy.'],
      de: ['Grieß aus KAMUT® Khorasan-Weizen (100 %).', 'Enthält Gluten (Khorasan-Weizen). Kann Spuren von Ei und Soja enthalten.'],
      sl: ['Zdrob iz pšenice khorasan KAMUT® (100 %).', 'Vsebuje gluten (pšenica khorasan). Lahko vsebuje sledi jajc in soje.'],
    },
    copy: {
      hr: [
        'Špageti od kamuta',
        'spageti-od-kamuta',
        'Drevna pšenica khorasan, bogata i slatkasta.',
        'Kamut je drevna pšenica khorasan krupnog zrna i slatkastog okusa. Špageti od kamuta ostaju čvrsti i nakon kuhanja i odlični su uz maslinovo ulje i sezonsko povrće.',
      ],
      en: [
        'Kamut spaghetti',
        'kamut-spaghetti',
        'Ancient khorasan wheat, rich and slightly sweet.',
        'Kamut is an ancient khorasan wheat with large grains and a slightly sweet taste. Kamut spaghetti stays firm after cooking and is excellent with olive oil and seasonal vegetables.',
      ],
      de: [
        'Kamut-Spaghetti',
        'kamut-spaghetti',
        'Uralter Khorasan-Weizen, kräftig und leicht süß.',
        'Kamut ist ein uralter Khorasan-Weizen mit großen Körnern und leicht süßem Geschmack. Kamut-Spaghetti bleiben bissfest und passen wunderbar zu Olivenöl und Saisongemüse.',
      ],
      sl: [
        'Kamut špageti',
        'kamut-spageti',
        'Starodavna pšenica khorasan, polna in rahlo sladka.',
        'Kamut je starodavna pšenica khorasan z velikimi zrni in rahlo sladkim okusom. Kamut špageti ostanejo čvrsti tudi po kuhanju in so odlični z oljčnim oljem in sezonsko zelenjavo.',
      ],
    },
  },
  {
    code: 'ZZ-SF-BUCK-400',
    line: 'superfoodie',
    category: 'superfoodie',
    availability: 'soon_available_again',
    cookingTimeMinutes: 7,
    nutrition: { ...N_WHOLE, protein: 13.0 },
    image: img('ZZ-SF-BUCK-400'),
    prices: [[110, 369]],
    position: 13,
    base: {
      hr: [
        'Integralno brašno heljde (60 %), krupica od durum pšenice (40 %), voda.',
        'Sadrži gluten (pšenica). Može sadržavati tragove jaja i soje.',
      ],
      en: [
        'Wholegrain buckwheat flour (60 %), durum wheat semolina (40 %), water.',
        'Contains gluten (wheat). May contain traces of egg and soy.',
      ],
      de: [
        'Buchweizenvollkornmehl (60 %), Hartweizengrieß (40 %), Wasser.',
        'Enthält Gluten (Weizen). Kann Spuren von Ei und Soja enthalten.',
      ],
      sl: [
        'Polnozrnata ajdova moka (60 %), zdrob iz trde pšenice (40 %), voda.',
        'Vsebuje gluten (pšenica). Lahko vsebuje sledi jajc in soje.',
      ],
    },
    copy: {
      hr: [
        'Tagliatelle od heljde',
        'tagliatelle-od-heljde',
        'Tamne vrpce pune okusa heljde.',
        'Heljdu za ove tagliatelle mijelju u mlinu kraj Delnica. Tamne vrpce punog okusa slažu se s kupusom, maslacem i kaduljom ili s gljivama.',
      ],
      en: [
        'Buckwheat tagliatelle',
        'buckwheat-tagliatelle',
        'Dark ribbons full of buckwheat flavour.',
        'The buckwheat for these tagliatelle is milled near Delnice. The dark, full-flavoured ribbons go well with cabbage, butter and sage, or mushrooms.',
      ],
      de: [
        'Buchweizen-Tagliatelle',
        'buchweizen-tagliatelle',
        'Dunkle Bandnudeln voller Buchweizengeschmack.',
        'Der Buchweizen für diese Tagliatelle wird bei Delnice gemahlen. Die dunklen, würzigen Bandnudeln passen zu Kohl, Salbeibutter oder Pilzen.',
      ],
      sl: [
        'Ajdovi tagliatelle',
        'ajdovi-tagliatelle',
        'Temni trakovi, polni okusa ajde.',
        'Ajdo za te tagliatelle meljejo v mlinu blizu Delnic. Temni trakovi polnega okusa se podajo k zelju, maslu z žajbljem ali gobam.',
      ],
    },
  },
  {
    code: 'ZZ-ABC-400',
    line: 'alphabet',
    category: 'alphabet',
    cookingTimeMinutes: 5,
    nutrition: N_DURUM,
    base: DURUM,
    image: img('ZZ-ABC-400'),
    prices: [[45, 199]],
    stock: 8,
    position: 20,
    copy: {
      hr: [
        'Abeceda za juhu',
        'abeceda-za-juhu',
        'Slova za juhu, a dio cijene ide za čuvanje starih pjesama.',
        'Slova za juhu iz naše kampanje za čuvanje starih pjesama: za svako prodano pakiranje dio cijene ide udrugama koje snimaju i zapisuju narodne pjesme. Složite u tanjuru prvi stih koji pamtite.',
      ],
      en: [
        'Alphabet soup pasta',
        'alphabet-soup-pasta',
        'Letters for soup; part of the price helps keep old songs alive.',
        'Letter pasta from our campaign to preserve old songs: for every pack sold, part of the price goes to societies that record and write down folk songs. Spell the first verse you remember on your plate.',
      ],
      de: [
        'Buchstabennudeln',
        'buchstabennudeln',
        'Buchstaben für die Suppe; ein Teil des Preises bewahrt alte Lieder.',
        'Buchstabennudeln aus unserer Kampagne zum Erhalt alter Lieder: Für jede verkaufte Packung geht ein Teil des Preises an Vereine, die Volkslieder aufnehmen und aufschreiben. Legen Sie auf dem Teller den ersten Vers, an den Sie sich erinnern.',
      ],
      sl: [
        'Abeceda za juho',
        'abeceda-za-juho',
        'Črke za juho; del cene pomaga ohranjati stare pesmi.',
        'Črke za juho iz naše kampanje za ohranjanje starih pesmi: za vsako prodano pakiranje gre del cene društvom, ki snemajo in zapisujejo ljudske pesmi. Na krožniku sestavite prvi verz, ki se ga spomnite.',
      ],
    },
  },
  {
    code: 'ZZ-ABC-WW-400',
    line: 'alphabet',
    category: 'alphabet',
    cookingTimeMinutes: 6,
    nutrition: N_WHOLE,
    base: WHOLE,
    image: img('ZZ-ABC-WW-400'),
    prices: [[45, 229]],
    position: 21,
    copy: {
      hr: [
        'Integralna abeceda',
        'integralna-abeceda',
        'Slova od integralne krupice za juhe i variva.',
        'Integralna inačica naše abecede: više vlakana, isti doprinos čuvanju starih pjesama. Kuhajte izravno u juhi ili varivu posljednjih šest minuta.',
      ],
      en: [
        'Wholegrain alphabet pasta',
        'wholegrain-alphabet-pasta',
        'Wholegrain letters for soups and stews.',
        'The wholegrain version of our alphabet: more fibre, the same support for preserving old songs. Cook directly in soup or stew for the last six minutes.',
      ],
      de: [
        'Vollkorn-Buchstabennudeln',
        'vollkorn-buchstabennudeln',
        'Vollkornbuchstaben für Suppen und Eintöpfe.',
        'Die Vollkornvariante unseres Alphabets: mehr Ballaststoffe, derselbe Beitrag zum Erhalt alter Lieder. Die letzten sechs Minuten direkt in der Suppe oder im Eintopf kochen.',
      ],
      sl: [
        'Polnozrnata abeceda',
        'polnozrnata-abeceda',
        'Polnozrnate črke za juhe in enolončnice.',
        'Polnozrnata različica naše abecede: več vlaknin, enak prispevek k ohranjanju starih pesmi. Zadnjih šest minut jih kuhajte kar v juhi ali enolončnici.',
      ],
    },
  },
  {
    code: 'ZZ-B-SPAG-1000',
    line: 'business',
    category: 'business',
    pack: 'business',
    cookingTimeMinutes: 9,
    nutrition: N_DURUM,
    base: DURUM,
    image: img('ZZ-B-SPAG-1000'),
    prices: [[180, 499]],
    position: 30,
    copy: {
      hr: [
        'Špageti 1 kg',
        'spageti-1-kg',
        'Pakiranje od 1 kg za restorane i velike obitelji.',
        'Isti brončani špageti u većem pakiranju za restorane, menze i velike obiteljske ručkove. U kartonu ih je deset.',
      ],
      en: [
        'Spaghetti 1 kg',
        'spaghetti-1-kg',
        'A 1 kg pack for restaurants and large families.',
        'The same bronze-die spaghetti in a larger pack for restaurants, canteens and big family lunches. Ten packs to a carton.',
      ],
      de: [
        'Spaghetti 1 kg',
        'spaghetti-1-kg',
        '1-kg-Packung für Gastronomie und große Familien.',
        'Dieselben bronzegezogenen Spaghetti in der großen Packung für Restaurants, Kantinen und große Familienessen. Zehn Packungen pro Karton.',
      ],
      sl: [
        'Špageti 1 kg',
        'spageti-1-kg',
        'Pakiranje 1 kg za restavracije in velike družine.',
        'Enaki bronasti špageti v večjem pakiranju za restavracije, menze in velika družinska kosila. Deset pakiranj v kartonu.',
      ],
    },
  },
  {
    code: 'ZZ-B-PENN-1000',
    line: 'business',
    category: 'business',
    pack: 'business',
    cookingTimeMinutes: 11,
    nutrition: N_DURUM,
    base: DURUM,
    image: img('ZZ-B-PENN-1000'),
    prices: [[180, 499]],
    position: 31,
    copy: {
      hr: [
        'Penne rigate 1 kg',
        'penne-rigate-1-kg',
        'Penne za kuhinje koje kuhaju puno.',
        'Penne rigate u pakiranju od 1 kg: ne raspadaju se ni u velikim loncima ni u zapečenim jelima koja čekaju u toplom.',
      ],
      en: [
        'Penne rigate 1 kg',
        'penne-rigate-1-kg',
        'Penne for kitchens that cook a lot.',
        'Penne rigate in a 1 kg pack: they hold their shape in big pots and in baked dishes kept warm.',
      ],
      de: [
        'Penne rigate 1 kg',
        'penne-rigate-1-kg',
        'Penne für Küchen, die viel kochen.',
        'Penne rigate in der 1-kg-Packung: Sie behalten ihre Form in großen Töpfen und in warmgehaltenen Aufläufen.',
      ],
      sl: [
        'Penne rigate 1 kg',
        'penne-rigate-1-kg',
        'Penne za kuhinje, ki kuhajo veliko.',
        'Penne rigate v pakiranju 1 kg: obdržijo obliko v velikih loncih in v zapečenih jedeh, ki čakajo na toplem.',
      ],
    },
  },
  {
    code: 'ZZ-B-FUSI-1000',
    line: 'business',
    category: 'business',
    pack: 'business',
    cookingTimeMinutes: 10,
    nutrition: N_DURUM,
    base: DURUM,
    image: img('ZZ-B-FUSI-1000'),
    prices: [[120, 549]],
    offers: [[3, 10, 499]],
    stock: 60,
    position: 32,
    copy: {
      hr: [
        'Fusilli 1 kg',
        'fusilli-1-kg',
        'Zavojnice u velikom pakiranju, za salate i bifee.',
        'Fusilli od 1 kg za catering, bifee i hladne salate od tjestenine koje se pripremaju unaprijed.',
      ],
      en: [
        'Fusilli 1 kg',
        'fusilli-1-kg',
        'Spirals in a big pack, for salads and buffets.',
        'Fusilli in a 1 kg pack for catering, buffets and cold pasta salads prepared ahead.',
      ],
      de: [
        'Fusilli 1 kg',
        'fusilli-1-kg',
        'Spiralen in der Großpackung, für Salate und Buffets.',
        'Fusilli in der 1-kg-Packung für Catering, Buffets und kalte Nudelsalate, die vorbereitet werden.',
      ],
      sl: [
        'Fusilli 1 kg',
        'fusilli-1-kg',
        'Spirale v velikem pakiranju za solate in bifeje.',
        'Fusilli v pakiranju 1 kg za catering, bifeje in hladne testeninske solate, pripravljene vnaprej.',
      ],
    },
  },
  {
    code: 'ZZ-B-ABC-1000',
    line: 'business',
    category: 'business',
    pack: 'business',
    cookingTimeMinutes: 5,
    nutrition: N_DURUM,
    base: DURUM,
    image: null,
    prices: [[60, 449]],
    position: 33,
    copy: {
      hr: [
        'Abeceda 1 kg',
        'abeceda-1-kg',
        'Slova za juhu za vrtiće i školske kuhinje.',
        'Naša abeceda u pakiranju od 1 kg za vrtiće, škole i bolničke kuhinje. I ovdje dio cijene ide za čuvanje starih pjesama.',
      ],
      en: [
        'Alphabet pasta 1 kg',
        'alphabet-pasta-1-kg',
        'Soup letters for kindergartens and school kitchens.',
        'Our alphabet pasta in a 1 kg pack for kindergartens, schools and hospital kitchens. Here too, part of the price helps preserve old songs.',
      ],
      de: [
        'Buchstabennudeln 1 kg',
        'buchstabennudeln-1-kg',
        'Suppenbuchstaben für Kindergärten und Schulküchen.',
        'Unsere Buchstabennudeln in der 1-kg-Packung für Kindergärten, Schulen und Krankenhausküchen. Auch hier hilft ein Teil des Preises, alte Lieder zu bewahren.',
      ],
      sl: [
        'Abeceda 1 kg',
        'abeceda-1-kg',
        'Črke za juho za vrtce in šolske kuhinje.',
        'Naša abeceda v pakiranju 1 kg za vrtce, šole in bolnišnične kuhinje. Tudi tukaj del cene pomaga ohranjati stare pesmi.',
      ],
    },
  },
];

const DAY = 86_400_000;

export interface DemoProductPlan {
  product: NewProduct;
  /** Later regular-price changes (after the first). */
  changes: Array<{ at: Date; cents: number }>;
  offers: Array<{ startsAt: Date; endsAt: Date; priceCents: number; referenceDate: string }>;
}

/** The demo products with dates relative to `now`. */
export function demoProducts(now: Date): DemoProductPlan[] {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  return PRODUCTS.map(({ category, copy, base, prices, offers, ...rest }) => {
    const minutes = rest.cookingTimeMinutes ?? 10;
    const texts = Object.fromEntries(
      LOCALES.map((l): [Locale, ProductTexts] => [
        l,
        {
          name: copy[l][0],
          slug: copy[l][1],
          shortDescription: copy[l][2],
          description: copy[l][3],
          ingredients: base[l][0],
          allergens: base[l][1],
          cookingTips: TIP[l](minutes),
        },
      ]),
    ) as Record<Locale, ProductTexts>;
    const [first, ...later] = prices;
    return {
      product: {
        ...rest,
        vatRate: rest.vatRate ?? 25,
        vatClass: rest.vatClass ?? 'food',
        categoryCode: category,
        priceCents: first[1],
        priceSince: ago(first[0]),
        texts,
      },
      changes: later.map(([days, cents]) => ({ at: ago(days), cents })),
      offers: (offers ?? []).map(([startDays, endDays, cents]) => {
        const startsAt = ago(startDays);
        // The price reference date: the day the 30-day window of the offer begins.
        return {
          startsAt,
          endsAt: new Date(now.getTime() + endDays * DAY),
          priceCents: cents,
          referenceDate: ago(startDays + 30)
            .toISOString()
            .slice(0, 10),
        };
      }),
    };
  });
}
