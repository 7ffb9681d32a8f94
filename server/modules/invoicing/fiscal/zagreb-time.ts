/**
 * Wall-clock time in Croatia (Europe/Zagreb), as the CIS messages and the ZKI write it (spec 2.1.1:
 * `dd.mm.ggggThh:mm:ss`; spec 12.1: `dd.MM.gggg HH:mm:ss`).
 *
 * DST: the instant is converted with the IANA rules of Europe/Zagreb (CET, UTC+1; CEST, UTC+2 from the
 * last Sunday of March to the last Sunday of October), so what is written is what a clock in the shop
 * showed at that instant. In the autumn hour that occurs twice (02:00-02:59:59 CEST, then again CET) two
 * instants give the same text; that is what the law's 'date and time of issue' means (a local time) and
 * it is harmless: the invoice number, not the time, makes an invoice unique (art. 9), and the ZKI
 * includes the number.
 */
const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Zagreb',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function zagrebWallClock(at: Date): WallClock {
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid date');
  const parts = Object.fromEntries(FORMAT.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: parts.year!.padStart(4, '0'),
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** `dd.MM.yyyy HH:mm:ss` in Zagreb: the ZKI's issue time (spec 12.1). */
export function zagrebZkiTime(at: Date): string {
  const c = zagrebWallClock(at);
  return `${c.day}.${c.month}.${c.year} ${c.hour}:${c.minute}:${c.second}`;
}

/** `dd.MM.yyyyTHH:mm:ss` in Zagreb: DatumVrijeme and DatVrijeme of a message (spec 2.1.1, XSD DatumVrijemeType). */
export function zagrebMessageTime(at: Date): string {
  const c = zagrebWallClock(at);
  return `${c.day}.${c.month}.${c.year}T${c.hour}:${c.minute}:${c.second}`;
}
