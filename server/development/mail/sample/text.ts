/**
 * Words for the sample mail: subjects and sentences in several languages, so bodies need UTF-8 and
 * quoted-printable, and a few lines that trip mail tools (a line starting with "From ", a quoted reply).
 */

export const SUBJECTS = [
  'Dinner on Saturday?',
  'Grüße aus Köln',
  'Photos from the weekend',
  'Re: the kitchen quote',
  'Rendez-vous chez le médecin',
  '¿Vienes a la fiesta?',
  'Meeting notes — budget 2020',
  'Привет из Новосибирска',
  'Invoice attached',
  'Quick question about the garden',
  'Καλό ταξίδι!',
  'Your order has shipped',
  'School trip permission slip',
  '会議の資料',
  'Happy birthday! 🎂',
  'Car insurance renewal',
  'Moving day checklist',
  'Book club: next title',
] as const;

export const SENTENCES = [
  'Thanks for your message, it was good to hear from you.',
  'Could you send me the documents before Friday?',
  'Wir sehen uns nächste Woche in Köln, ich bringe den Kuchen mit.',
  'Je t’envoie les photos dès que je rentre à la maison.',
  'El sábado hace buen tiempo, ¿vamos a la playa?',
  'The plumber comes on Tuesday between 8 and 10.',
  'Не забудь купить хлеб и молоко.',
  'I attached the file you asked for; let me know if it opens.',
  'Ευχαριστώ πολύ για τη βοήθεια!',
  'Let us talk about it over coffee — my treat.',
  'Hälsningar från Umeå, det snöar igen.',
  'The meeting moved to room 4.12, same time.',
  'お疲れ様です。資料を添付しました。',
  'Remember to water the tomatoes while I am away.',
  'Tot ziens en fijne vakantie!',
  'See you soon, and say hello to everyone.',
] as const;

/** Body lines that mbox readers and careless parsers get wrong; they must survive a transfer as they are. */
export const AWKWARD_LINES = [
  'From the desk of the treasurer: all paid.',
  '>From an earlier message, quoted once.',
  '.',
  'Ends with spaces   ',
] as const;
