import type { Locale } from '../../../../contract/locales.js';

/**
 * The fun book's words, written for it in each language: the campaign "The alphabet of songs"
 * (content/campaigns/alphabet-of-songs) gives the book a page for every letter of the reader's
 * alphabet, so each language has its own letters: Croatian 30 (with Č Ć Dž Đ Lj Nj Š Ž, no Q W X Y),
 * Slovenian 25 (with Č Š Ž), German 29 (A to Z with Ä Ö Ü; ß appears inside words, it starts none),
 * English 26. Every page: the letter, a word that starts with it, and a short line to read aloud
 * about the fields, the kitchen and the songs of the campaign.
 */

export interface LetterPage {
  letter: string;
  word: string;
  line: string;
}

export interface FunBookTexts {
  campaign: string;
  subtitle: string;
  forWhom: string;
  introTitle: string;
  intro: string[];
  howTo: string[];
  colour: string;
  readAloud: string;
  draw: string;
  yourName: string;
  theEnd: string;
  theEndLine: string;
  letters: LetterPage[];
}

const p = (letter: string, word: string, line: string): LetterPage => ({ letter, word, line });

export const FUN_BOOK: Record<Locale, FunBookTexts> = {
  hr: {
    campaign: 'Abeceda pjesama',
    subtitle: 'Slova za bojanje, riječi za čitanje i mjesta za crtanje',
    forWhom: 'Za djecu od četiri do deset godina i one koji im čitaju',
    introTitle: 'Dobro došli u abecedu!',
    intro: [
      'U juhi plivaju slova od tjestenine, a svako slovo ima svoju pjesmu. Knjigu slavonskih dječjih pjesama skupljali smo s bakama i djedovima iz sela oko Osijeka, po jednu za svako slovo hrvatske abecede.',
      'Ova knjižica ima stranicu za svako od trideset slova. Od svakog pakiranja naše abecede 0,10 € ide za snimanje i zapisivanje starih pjesama.',
    ],
    howTo: ['Oboji veliko slovo bojom koju voliš.', 'Pročitaj riječ i rečenicu naglas, sam ili s nekim odraslim.', 'U okvir nacrtaj ono o čemu rečenica govori.', 'Iz tanjura juhe složi riječ od slova tjestenine.'],
    colour: 'Oboji slovo',
    readAloud: 'Pročitaj naglas',
    draw: 'Nacrtaj: {word}',
    yourName: 'Ova knjižica pripada:',
    theEnd: 'Bravo, znaš cijelu abecedu!',
    theEndLine: 'Sad složi svoje ime od slova tjestenine i otpjevaj pjesmu koju najviše voliš.',
    letters: [
      p('A', 'abeceda', 'U juhi plivaju slova od tjestenine.'),
      p('B', 'baka', 'Baka pjeva pjesmu dok se juha kuha.'),
      p('C', 'cvijet', 'Cvijet raste uz rub žutog polja.'),
      p('Č', 'čaša', 'U čaši je hladno mlijeko.'),
      p('Ć', 'ćuk', 'Ćuk se noću javlja sa starog oraha.'),
      p('D', 'djed', 'Djed svira tamburicu uz kolo.'),
      p('Dž', 'džem', 'Na kruhu je slatki džem od šljiva.'),
      p('Đ', 'đak', 'Đak nosi torbu punu knjiga.'),
      p('E', 'Ema', 'Ema slaže svoje ime od slova tjestenine.'),
      p('F', 'frula', 'Frula svira veselu pjesmu.'),
      p('G', 'guska', 'Guska gače kraj potoka.'),
      p('H', 'hrast', 'Hrast je veliko i staro drvo.'),
      p('I', 'ivančica', 'Ivančica ima bijele latice i žutu sredinu.'),
      p('J', 'jabuka', 'Jabuka je crvena i slatka.'),
      p('K', 'kolo', 'Djeca se drže za ruke i plešu kolo.'),
      p('L', 'lonac', 'U loncu se kuha juha s abecedom.'),
      p('Lj', 'ljuljačka', 'Ljuljačka leti gore i dolje.'),
      p('M', 'mlin', 'Mlin melje zrno u brašno.'),
      p('N', 'nota', 'Nota pokazuje kako pjesma ide.'),
      p('Nj', 'njiva', 'Na njivi raste zlatna pšenica.'),
      p('O', 'orah', 'Orah u jesen pada sa stabla.'),
      p('P', 'pjesma', 'Pjesma se pjeva od srca.'),
      p('R', 'roda', 'Roda gradi gnijezdo na krovu.'),
      p('S', 'sunce', 'Sunce grije žuto polje.'),
      p('Š', 'šljiva', 'Šljiva je plava i slatka.'),
      p('T', 'tanjur', 'Na tanjuru je juha sa slovima.'),
      p('U', 'uspavanka', 'Uspavanka pomaže bebi da zaspi.'),
      p('V', 'vrtić', 'U vrtiću učimo nove pjesme.'),
      p('Z', 'zrno', 'Od zlatnog zrna nastaje brašno.'),
      p('Ž', 'žito', 'Žito raste pod toplim suncem.'),
    ],
  },
  sl: {
    campaign: 'Abeceda pesmi',
    subtitle: 'Črke za barvanje, besede za branje in prostor za risanje',
    forWhom: 'Za otroke od štirih do desetih let in tiste, ki jim berejo',
    introTitle: 'Dobrodošli v abecedi!',
    intro: [
      'V juhi plavajo črke iz testenin in vsaka črka ima svojo pesem. Knjigo slavonskih otroških pesmi smo zbirali z babicami in dedki iz vasi okoli Osijeka.',
      'Ta knjižica ima stran za vsako od petindvajsetih črk slovenske abecede. Od vsakega pakiranja naše abecede gre 0,10 € za snemanje in zapisovanje starih pesmi.',
    ],
    howTo: ['Pobarvaj veliko črko z barvo, ki jo imaš najraje.', 'Preberi besedo in stavek na glas, sam ali z odraslim.', 'V okvir nariši, o čem govori stavek.', 'Iz krožnika juhe sestavi besedo iz črk testenin.'],
    colour: 'Pobarvaj črko',
    readAloud: 'Preberi na glas',
    draw: 'Nariši: {word}',
    yourName: 'Ta knjižica pripada:',
    theEnd: 'Bravo, poznaš vso abecedo!',
    theEndLine: 'Zdaj sestavi svoje ime iz črk testenin in zapoj pesem, ki jo imaš najraje.',
    letters: [
      p('A', 'abeceda', 'V juhi plavajo črke iz testenin.'),
      p('B', 'babica', 'Babica poje pesem, ko se juha kuha.'),
      p('C', 'cvet', 'Cvet raste ob robu rumenega polja.'),
      p('Č', 'čebela', 'Čebela brenči med cvetovi.'),
      p('D', 'dedek', 'Dedek igra na harmoniko.'),
      p('E', 'Ema', 'Ema sestavi svoje ime iz črk testenin.'),
      p('F', 'fižol', 'Fižol se vzpenja po visokem kolu.'),
      p('G', 'gos', 'Gos gaga ob potoku.'),
      p('H', 'hrast', 'Hrast je veliko in staro drevo.'),
      p('I', 'igra', 'Igra s črkami je zabavna.'),
      p('J', 'jabolko', 'Jabolko je rdeče in sladko.'),
      p('K', 'krava', 'Krava muka na travniku.'),
      p('L', 'lonec', 'V loncu se kuha juha z abecedo.'),
      p('M', 'mlin', 'Mlin melje zrnje v moko.'),
      p('N', 'nota', 'Nota pove, kako gre pesem.'),
      p('O', 'oreh', 'Oreh jeseni pade z drevesa.'),
      p('P', 'pesem', 'Pesem pojemo iz srca.'),
      p('R', 'riba', 'Riba plava v reki.'),
      p('S', 'sonce', 'Sonce greje rumeno polje.'),
      p('Š', 'štorklja', 'Štorklja gradi gnezdo na strehi.'),
      p('T', 'tamburica', 'Tamburica veselo zveni.'),
      p('U', 'uspavanka', 'Uspavanka pomaga dojenčku zaspati.'),
      p('V', 'vrtec', 'V vrtcu se učimo nove pesmi.'),
      p('Z', 'zrno', 'Iz zlatega zrna nastane moka.'),
      p('Ž', 'žito', 'Žito raste pod toplim soncem.'),
    ],
  },
  en: {
    campaign: 'The alphabet of songs',
    subtitle: 'Letters to colour, words to read and space to draw',
    forWhom: 'For children aged four to ten and the grown-ups who read with them',
    introTitle: 'Welcome to the alphabet!',
    intro: [
      'Pasta letters swim in the soup, and every letter has a song. We collected a book of Slavonian children’s songs with grandmothers and grandfathers from the villages around Osijek.',
      'This little book has a page for each of the twenty-six letters of the English alphabet. From every pack of our alphabet pasta, €0.10 goes to recording and writing down old songs.',
    ],
    howTo: ['Colour the big letter in your favourite colour.', 'Read the word and the sentence aloud, on your own or with a grown-up.', 'Draw what the sentence is about in the frame.', 'Spell the word with pasta letters from your bowl of soup.'],
    colour: 'Colour the letter',
    readAloud: 'Read aloud',
    draw: 'Draw: {word}',
    yourName: 'This book belongs to:',
    theEnd: 'Well done, you know the whole alphabet!',
    theEndLine: 'Now spell your name with pasta letters and sing the song you like best.',
    letters: [
      p('A', 'alphabet', 'Pasta letters swim in the soup.'),
      p('B', 'bee', 'A bee buzzes between the flowers.'),
      p('C', 'cow', 'The cow says moo in the meadow.'),
      p('D', 'drum', 'Tap the drum and sing along.'),
      p('E', 'elephant', 'The elephant has a long trunk.'),
      p('F', 'flute', 'The flute plays a happy tune.'),
      p('G', 'goose', 'The goose honks by the stream.'),
      p('H', 'hen', 'The hen sits on her nest.'),
      p('I', 'igloo', 'An igloo is a house made of snow.'),
      p('J', 'jam', 'Plum jam is sweet on bread.'),
      p('K', 'kite', 'The kite flies high in the wind.'),
      p('L', 'lullaby', 'A lullaby helps the baby fall asleep.'),
      p('M', 'mill', 'The mill grinds grain into flour.'),
      p('N', 'note', 'A note shows how the song goes.'),
      p('O', 'owl', 'The owl calls at night from the old tree.'),
      p('P', 'pot', 'The soup bubbles in a big pot.'),
      p('Q', 'queen', 'The queen wears a golden crown.'),
      p('R', 'rabbit', 'The rabbit hops across the field.'),
      p('S', 'sun', 'The sun warms the golden field.'),
      p('T', 'tomato', 'A red tomato makes a good sauce.'),
      p('U', 'umbrella', 'Open the umbrella when it rains.'),
      p('V', 'violin', 'Grandpa plays the violin at the village party.'),
      p('W', 'wheat', 'Wheat grows tall in the summer sun.'),
      p('X', 'xylophone', 'Play a song on the xylophone.'),
      p('Y', 'yellow', 'Yellow is the colour of the wheat field.'),
      p('Z', 'zebra', 'The zebra has black and white stripes.'),
    ],
  },
  de: {
    campaign: 'Das Alphabet der Lieder',
    subtitle: 'Buchstaben zum Ausmalen, Wörter zum Lesen und Platz zum Malen',
    forWhom: 'Für Kinder von vier bis zehn Jahren und alle, die ihnen vorlesen',
    introTitle: 'Willkommen im Alphabet!',
    intro: [
      'In der Suppe schwimmen Buchstaben aus Nudeln, und jeder Buchstabe hat sein Lied. Ein Buch slawonischer Kinderlieder haben wir mit Großmüttern und Großvätern aus den Dörfern um Osijek gesammelt.',
      'Dieses Heft hat eine Seite für jeden der neunundzwanzig Buchstaben, die Umlaute mitgezählt. Von jeder Packung unserer Buchstabennudeln gehen 0,10 € an die Aufnahme und Aufzeichnung alter Lieder.',
    ],
    howTo: ['Male den großen Buchstaben in deiner Lieblingsfarbe aus.', 'Lies das Wort und den Satz laut vor, allein oder mit einem Erwachsenen.', 'Male in den Rahmen, wovon der Satz erzählt.', 'Lege das Wort mit Nudelbuchstaben aus deinem Suppenteller.'],
    colour: 'Male den Buchstaben aus',
    readAloud: 'Lies laut vor',
    draw: 'Male: {word}',
    yourName: 'Dieses Heft gehört:',
    theEnd: 'Bravo, du kennst das ganze Alphabet!',
    theEndLine: 'Jetzt lege deinen Namen aus Nudelbuchstaben und sing dein liebstes Lied.',
    letters: [
      p('A', 'Apfel', 'Der Apfel ist rot und süß.'),
      p('Ä', 'Ähre', 'Die Ähre ist voller Körner.'),
      p('B', 'Biene', 'Die Biene summt zwischen den Blumen.'),
      p('C', 'Chor', 'Der Chor singt ein altes Lied.'),
      p('D', 'Dorf', 'Das Dorf hat eine lange Straße.'),
      p('E', 'Ente', 'Die Ente schwimmt auf dem Teich.'),
      p('F', 'Flöte', 'Die Flöte spielt ein fröhliches Lied.'),
      p('G', 'Gans', 'Die Gans schnattert am Bach.'),
      p('H', 'Huhn', 'Das Huhn sitzt auf seinem Nest.'),
      p('I', 'Igel', 'Der Igel schläft im Laub.'),
      p('J', 'Jojo', 'Das Jojo rollt auf und ab.'),
      p('K', 'Kuh', 'Die Kuh muht auf der Wiese.'),
      p('L', 'Löffel', 'Mit dem Löffel essen wir Buchstabensuppe.'),
      p('M', 'Mühle', 'Die Mühle mahlt Korn zu Mehl.'),
      p('N', 'Note', 'Die Note zeigt, wie das Lied geht.'),
      p('O', 'Oma', 'Oma singt, während die Suppe kocht.'),
      p('Ö', 'Öl', 'Ein Tropfen Öl glänzt auf den Nudeln.'),
      p('P', 'Puppe', 'Die Puppe schläft im Bettchen.'),
      p('Q', 'Qualle', 'Die Qualle schwimmt im Meer.'),
      p('R', 'Regen', 'Der Regen tropft auf das Dach.'),
      p('S', 'Sonne', 'Die Sonne scheint heiß auf das Feld.'),
      p('T', 'Topf', 'Im Topf kocht die Suppe.'),
      p('U', 'Uhr', 'Die Uhr sagt: Zeit zum Essen!'),
      p('Ü', 'Überraschung', 'Im Teller wartet eine Überraschung.'),
      p('V', 'Vogel', 'Der Vogel singt am Morgen.'),
      p('W', 'Weizen', 'Der Weizen wächst in der Sonne.'),
      p('X', 'Xylofon', 'Spiel ein Lied auf dem Xylofon.'),
      p('Y', 'Yak', 'Der Yak hat ein langes, warmes Fell.'),
      p('Z', 'Zug', 'Der Zug fährt durch das Dorf.'),
    ],
  },
};
