import { DomainError, type ErrorDetail, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, registerErrorMessages, type LocalizedMessage } from '../../platform/i18n/index.js';

/**
 * Every refusal of the identity module. Texts the spec fixes are used verbatim in English
 * ('Login failed, please check your credentials.', 'Password must contain at least 6 characters',
 * 'Passwords do not match').
 */
const CODES = {
  AUTH_LOGIN_FAILED: {
    kind: 'unauthenticated',
    hr: 'Prijava nije uspjela, provjerite svoje podatke za prijavu.',
    en: 'Login failed, please check your credentials.',
    de: 'Anmeldung fehlgeschlagen, bitte überprüfen Sie Ihre Zugangsdaten.',
    sl: 'Prijava ni uspela, preverite svoje podatke za prijavo.',
  },
  AUTH_NOT_ACTIVATED: {
    kind: 'forbidden',
    hr: 'Vaš korisnički račun još nije aktiviran. Otvorite poveznicu iz e-maila za aktivaciju ili zatražite novi e-mail.',
    en: 'Your account is not activated yet. Open the link in the activation e-mail or ask for a new one.',
    de: 'Ihr Konto ist noch nicht aktiviert. Öffnen Sie den Link in der Aktivierungs-E-Mail oder fordern Sie eine neue an.',
    sl: 'Vaš uporabniški račun še ni aktiviran. Odprite povezavo v e-pošti za aktivacijo ali zahtevajte novo.',
  },
  AUTH_REFRESH_INVALID: {
    kind: 'unauthenticated',
    hr: 'Vaša je sesija istekla. Prijavite se ponovno.',
    en: 'Your session has expired. Please sign in again.',
    de: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    sl: 'Vaša seja je potekla. Prosimo, prijavite se znova.',
  },
  AUTH_ACTIVATION_LINK_INVALID: {
    kind: 'invalid',
    hr: 'Poveznica za aktivaciju nije ispravna ili je istekla. Zatražite novi e-mail za aktivaciju.',
    en: 'The activation link is invalid or has expired. Ask for a new activation e-mail.',
    de: 'Der Aktivierungslink ist ungültig oder abgelaufen. Fordern Sie eine neue Aktivierungs-E-Mail an.',
    sl: 'Povezava za aktivacijo ni veljavna ali je potekla. Zahtevajte novo e-pošto za aktivacijo.',
  },
  AUTH_ACTIVATION_LINK_USED: {
    kind: 'conflict',
    hr: 'Ova je poveznica za aktivaciju već iskorištena. Vaš je račun aktivan: prijavite se.',
    en: 'This activation link has already been used. Your account is active: please sign in.',
    de: 'Dieser Aktivierungslink wurde bereits verwendet. Ihr Konto ist aktiv: Bitte melden Sie sich an.',
    sl: 'Ta povezava za aktivacijo je že bila uporabljena. Vaš račun je aktiven: prijavite se.',
  },
  AUTH_RESET_LINK_INVALID: {
    kind: 'invalid',
    hr: 'Poveznica za ponovno postavljanje lozinke nije ispravna, istekla je ili je već iskorištena. Zatražite novu.',
    en: 'The password reset link is invalid, has expired or has already been used. Ask for a new one.',
    de: 'Der Link zum Zurücksetzen des Passworts ist ungültig, abgelaufen oder wurde bereits verwendet. Fordern Sie einen neuen an.',
    sl: 'Povezava za ponastavitev gesla ni veljavna, je potekla ali je že bila uporabljena. Zahtevajte novo.',
  },
  AUTH_MAGIC_LINK_INVALID: {
    kind: 'invalid',
    hr: 'Poveznica za brzu prijavu nije ispravna, istekla je ili je već iskorištena. Zatražite novu.',
    en: 'The sign-in link is invalid, has expired or has already been used. Ask for a new one.',
    de: 'Der Anmeldelink ist ungültig, abgelaufen oder wurde bereits verwendet. Fordern Sie einen neuen an.',
    sl: 'Povezava za hitro prijavo ni veljavna, je potekla ali je že bila uporabljena. Zahtevajte novo.',
  },
  AUTH_EMAIL_CHANGE_INVALID: {
    kind: 'invalid',
    hr: 'Poveznica za potvrdu nove e-adrese nije ispravna, istekla je ili je već iskorištena.',
    en: 'The link to confirm the new e-mail address is invalid, has expired or has already been used.',
    de: 'Der Link zur Bestätigung der neuen E-Mail-Adresse ist ungültig, abgelaufen oder wurde bereits verwendet.',
    sl: 'Povezava za potrditev novega e-poštnega naslova ni veljavna, je potekla ali je že bila uporabljena.',
  },
  AUTH_INVITE_INVALID: {
    kind: 'invalid',
    hr: 'Pozivnica nije ispravna, istekla je ili je već iskorištena.',
    en: 'The invitation is invalid, has expired or has already been used.',
    de: 'Die Einladung ist ungültig, abgelaufen oder wurde bereits verwendet.',
    sl: 'Povabilo ni veljavno, je poteklo ali je že bilo uporabljeno.',
  },
  AUTH_GOOGLE_FAILED: {
    kind: 'unauthenticated',
    hr: 'Prijava putem Googlea nije uspjela. Pokušajte ponovno.',
    en: 'Signing in with Google failed. Please try again.',
    de: 'Die Anmeldung mit Google ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    sl: 'Prijava z Googlom ni uspela. Poskusite znova.',
  },
  AUTH_GOOGLE_EMAIL_UNVERIFIED: {
    kind: 'forbidden',
    hr: 'Google nije potvrdio Vašu e-mail adresu, pa se njome ne možete prijaviti.',
    en: 'Google has not verified your e-mail address, so it cannot be used to sign in.',
    de: 'Google hat Ihre E-Mail-Adresse nicht bestätigt, daher kann sie nicht zur Anmeldung verwendet werden.',
    sl: 'Google ni potrdil vašega e-poštnega naslova, zato se z njim ne morete prijaviti.',
  },
  AUTH_GOOGLE_LINK_REQUIRED: {
    kind: 'conflict',
    hr: 'Za ovu e-adresu već postoji korisnički račun. Prijavite se lozinkom ili poveznicom poslanom e-poštom, a zatim povežite Google račun u svom profilu.',
    en: 'An account with this e-mail address already exists. Sign in with your password or a link sent by e-mail, then link your Google account in your profile.',
    de: 'Für diese E-Mail-Adresse gibt es bereits ein Konto. Melden Sie sich mit Ihrem Passwort oder einem per E-Mail gesendeten Link an und verknüpfen Sie dann Ihr Google-Konto in Ihrem Profil.',
    sl: 'Za ta e-poštni naslov že obstaja uporabniški račun. Prijavite se z geslom ali s povezavo, poslano po e-pošti, nato pa v svojem profilu povežite račun Google.',
  },
  AUTH_GOOGLE_OTHER_ACCOUNT: {
    kind: 'conflict',
    hr: 'Korisnički račun s ovom e-adresom povezan je s drugim Google računom. Prijavite se tim Google računom, lozinkom ili poveznicom poslanom e-poštom.',
    en: 'The account with this e-mail address is linked to a different Google account. Sign in with that Google account, your password or a link sent by e-mail.',
    de: 'Das Konto mit dieser E-Mail-Adresse ist mit einem anderen Google-Konto verknüpft. Melden Sie sich mit diesem Google-Konto, Ihrem Passwort oder einem per E-Mail gesendeten Link an.',
    sl: 'Uporabniški račun s tem e-poštnim naslovom je povezan z drugim računom Google. Prijavite se s tem računom Google, z geslom ali s povezavo, poslano po e-pošti.',
  },
  AUTH_GOOGLE_SUBJECT_TAKEN: {
    kind: 'conflict',
    hr: 'Ovaj Google račun već je povezan s drugim korisničkim računom u trgovini.',
    en: 'This Google account is already linked to another account of the shop.',
    de: 'Dieses Google-Konto ist bereits mit einem anderen Konto des Shops verknüpft.',
    sl: 'Ta račun Google je že povezan z drugim uporabniškim računom trgovine.',
  },
  AUTH_GOOGLE_ALREADY_LINKED: {
    kind: 'conflict',
    hr: 'Vaš je korisnički račun već povezan s Google računom. Najprije uklonite tu vezu.',
    en: 'Your account is already linked to a Google account. Unlink it first.',
    de: 'Ihr Konto ist bereits mit einem Google-Konto verknüpft. Heben Sie diese Verknüpfung zuerst auf.',
    sl: 'Vaš uporabniški račun je že povezan z računom Google. Najprej odstranite to povezavo.',
  },
  AUTH_GOOGLE_UNLINK_NEEDS_PASSWORD: {
    kind: 'conflict',
    hr: 'Vezu s Google računom možete ukloniti tek kad postavite lozinku, inače se više ne biste mogli prijaviti.',
    en: 'You can unlink your Google account only once you have set a password; otherwise you could no longer sign in.',
    de: 'Sie können die Verknüpfung mit Google erst aufheben, wenn Sie ein Passwort festgelegt haben; sonst könnten Sie sich nicht mehr anmelden.',
    sl: 'Povezavo z računom Google lahko odstranite šele, ko nastavite geslo, sicer se ne bi mogli več prijaviti.',
  },
  AUTH_GOOGLE_DISABLED: {
    kind: 'unavailable',
    hr: 'Prijava putem Googlea trenutačno nije dostupna.',
    en: 'Signing in with Google is not available at the moment.',
    de: 'Die Anmeldung mit Google ist derzeit nicht verfügbar.',
    sl: 'Prijava z Googlom trenutno ni na voljo.',
  },
  USER_PASSWORD_TOO_SHORT: {
    kind: 'invalid',
    hr: 'Lozinka mora sadržavati najmanje 6 znakova',
    en: 'Password must contain at least 6 characters',
    de: 'Das Passwort muss mindestens 6 Zeichen enthalten',
    sl: 'Geslo mora vsebovati najmanj 6 znakov',
  },
  USER_PASSWORD_TOO_LONG: {
    kind: 'invalid',
    hr: 'Lozinka smije imati najviše 128 znakova.',
    en: 'The password may have at most 128 characters.',
    de: 'Das Passwort darf höchstens 128 Zeichen haben.',
    sl: 'Geslo ima lahko največ 128 znakov.',
  },
  USER_PASSWORDS_MISMATCH: {
    kind: 'invalid',
    hr: 'Lozinke se ne podudaraju',
    en: 'Passwords do not match',
    de: 'Die Passwörter stimmen nicht überein',
    sl: 'Gesli se ne ujemata',
  },
  USER_CURRENT_PASSWORD_WRONG: {
    kind: 'invalid',
    hr: 'Trenutačna lozinka nije točna.',
    en: 'The current password is not correct.',
    de: 'Das aktuelle Passwort ist nicht korrekt.',
    sl: 'Trenutno geslo ni pravilno.',
  },
  USER_EMAIL_INVALID: {
    kind: 'invalid',
    hr: 'Upišite ispravnu e-mail adresu.',
    en: 'Enter a valid e-mail address.',
    de: 'Geben Sie eine gültige E-Mail-Adresse ein.',
    sl: 'Vnesite veljaven e-poštni naslov.',
  },
  USER_EMAIL_TAKEN: {
    kind: 'conflict',
    hr: 'Ova e-mail adresa već pripada drugom korisničkom računu.',
    en: 'This e-mail address already belongs to another account.',
    de: 'Diese E-Mail-Adresse gehört bereits zu einem anderen Konto.',
    sl: 'Ta e-poštni naslov že pripada drugemu računu.',
  },
  USER_USERNAME_TAKEN: {
    kind: 'conflict',
    hr: 'Korisničko ime je zauzeto. Odaberite drugo.',
    en: 'This username is taken. Choose another one.',
    de: 'Dieser Benutzername ist vergeben. Wählen Sie einen anderen.',
    sl: 'To uporabniško ime je zasedeno. Izberite drugo.',
  },
  USER_FIELD_REQUIRED: {
    kind: 'invalid',
    hr: 'Ovo polje je obavezno.',
    en: 'This field is required.',
    de: 'Dieses Feld ist erforderlich.',
    sl: 'To polje je obvezno.',
  },
  USER_FIELD_TOO_LONG: {
    kind: 'invalid',
    hr: 'Tekst je predug.',
    en: 'This text is too long.',
    de: 'Dieser Text ist zu lang.',
    sl: 'Besedilo je predolgo.',
  },
  USER_FIELD_INVALID: {
    kind: 'invalid',
    hr: 'Vrijednost nije ispravna.',
    en: 'This value is not valid.',
    de: 'Dieser Wert ist ungültig.',
    sl: 'Vrednost ni veljavna.',
  },
  USER_BIRTHDAY_INVALID: {
    kind: 'invalid',
    hr: 'Upišite ispravan datum rođenja (niste mogli biti rođeni u budućnosti ni prije 1900.).',
    en: 'Enter a valid date of birth (not in the future, not before 1900).',
    de: 'Geben Sie ein gültiges Geburtsdatum ein (nicht in der Zukunft, nicht vor 1900).',
    sl: 'Vnesite veljaven datum rojstva (ne v prihodnosti in ne pred letom 1900).',
  },
  USER_TERMS_REQUIRED: {
    kind: 'invalid',
    hr: 'Za registraciju morate prihvatiti opće uvjete poslovanja.',
    en: 'You must accept the general terms and conditions to register.',
    de: 'Für die Registrierung müssen Sie die Allgemeinen Geschäftsbedingungen akzeptieren.',
    sl: 'Za registracijo morate sprejeti splošne pogoje poslovanja.',
  },
  USER_PHONE_INVALID: {
    kind: 'invalid',
    hr: 'Upišite ispravan broj telefona (znamenke, po želji s + i razmacima).',
    en: 'Enter a valid phone number (digits, optionally with + and spaces).',
    de: 'Geben Sie eine gültige Telefonnummer ein (Ziffern, optional mit + und Leerzeichen).',
    sl: 'Vnesite veljavno telefonsko številko (števke, po želji s + in presledki).',
  },
  USER_COUNTRY_INVALID: {
    kind: 'invalid',
    hr: 'Odaberite državu Europske unije.',
    en: 'Choose a country of the European Union.',
    de: 'Wählen Sie ein Land der Europäischen Union.',
    sl: 'Izberite državo Evropske unije.',
  },
  USER_ZIP_INVALID: {
    kind: 'invalid',
    hr: 'Poštanski broj nije ispravan za odabranu državu.',
    en: 'The postal code is not valid for the chosen country.',
    de: 'Die Postleitzahl ist für das gewählte Land ungültig.',
    sl: 'Poštna številka ni veljavna za izbrano državo.',
  },
  USER_OIB_INVALID: {
    kind: 'invalid',
    hr: 'OIB nije ispravan: mora imati 11 znamenki s ispravnom kontrolnom znamenkom.',
    en: 'The OIB is not valid: it must have 11 digits with a correct check digit.',
    de: 'Die OIB ist ungültig: Sie muss 11 Ziffern mit korrekter Prüfziffer haben.',
    sl: 'OIB ni veljaven: imeti mora 11 števk s pravilno kontrolno števko.',
  },
  USER_VAT_INVALID: {
    kind: 'invalid',
    hr: 'PDV identifikacijski broj nije u ispravnom obliku za tu državu (npr. HR12345678903, DE123456789).',
    en: 'The VAT number does not have the format of its country (e.g. HR12345678903, DE123456789).',
    de: 'Die USt-IdNr. hat nicht das Format ihres Landes (z. B. HR12345678903, DE123456789).',
    sl: 'Identifikacijska številka za DDV nima oblike svoje države (npr. HR12345678903, SI12345678).',
  },
  USER_NOT_FOUND: {
    kind: 'not_found',
    hr: 'Korisnik ne postoji.',
    en: 'The user does not exist.',
    de: 'Der Benutzer existiert nicht.',
    sl: 'Uporabnik ne obstaja.',
  },
} satisfies Record<string, LocalizedMessage & { kind: ErrorKind }>;

export type IdentityErrorCode = keyof typeof CODES;

registerErrorMessages(Object.fromEntries(Object.entries(CODES).map(([code, { hr, en, de, sl }]) => [code, { hr, en, de, sl }])));

type Params = Record<string, string | number>;

export class IdentityError extends DomainError {
  constructor(code: IdentityErrorCode, params: Params = {}, field?: string, more: ErrorDetail[] = []) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code].kind, field, more, params);
  }
}

export function fieldProblem(code: IdentityErrorCode, field: string, params: Params = {}): ErrorDetail {
  return { code, field, message: localizedMessage(code, 'en', params) ?? code };
}

/** Throws one 422 listing every field problem found, or returns when there are none. */
export function throwFieldProblems(problems: ErrorDetail[]): void {
  if (!problems.length) return;
  const [first, ...more] = problems;
  throw new IdentityError(first.code as IdentityErrorCode, {}, first.field, more);
}
