/**
 * The people of the sample data: correspondents in the mailbox and cards in the address book. Names
 * from many scripts and with the characters that break naive code (accents, apostrophes, Cyrillic,
 * Greek, Japanese, Vietnamese), streets with commas and semicolons. Every address is under the example
 * domains and the .example top-level domain (RFC 2606), so nothing generated can reach a real person.
 */

export type Person = {
  given: string;
  family: string;
  /** Local part of the person's addresses. */
  local: string;
  domain: string;
  org: string | null;
  title: string | null;
  street: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  /** The offset of the person's Date headers, e.g. +0100. */
  zone: string;
  phone: string;
};

const p = (given: string, family: string, local: string, domain: string, org: string | null, title: string | null, street: string, city: string, region: string, postcode: string, country: string, zone: string, phone: string): Person =>
  ({ given, family, local, domain, org, title, street, city, region, postcode, country, zone, phone });

export const PEOPLE: readonly Person[] = [
  p('Zoë', 'Müller', 'zoe.mueller', 'de.example', 'Gärtnerei Müller', 'Inhaberin', 'Hauptstraße 5', 'Köln', 'NRW', '50667', 'Germany', '+0100', '+49 221 555 0142'),
  p('José', 'Álvarez', 'jose.alvarez', 'es.example', null, null, 'Calle de Alcalá 12, 3º izq.', 'Madrid', '', '28014', 'Spain', '+0100', '+34 91 555 0134'),
  p('Åsa', 'Lindqvist', 'asa', 'se.example', 'Lindqvist & Söner AB', 'VD', 'Storgatan 1', 'Umeå', '', '903 26', 'Sweden', '+0100', '+46 90 555 0198'),
  p('Łukasz', 'Wróbel', 'lukasz.wrobel', 'pl.example', null, 'Architekt', 'ul. Świętojańska 9', 'Gdańsk', '', '80-840', 'Poland', '+0100', '+48 58 555 0117'),
  p('Chloé', 'Dubois', 'chloe', 'fr.example', 'Boulangerie Dubois', null, '14 rue de l’Église', 'Lyon', '', '69002', 'France', '+0100', '+33 4 55 55 01 23'),
  p('Siobhán', 'Ní Bhriain', 'siobhan', 'ie.example', null, null, '3 O’Connell St; Apt 2', 'Galway', '', 'H91 X2Y3', 'Ireland', '+0000', '+353 91 555 013'),
  p('Ольга', 'Иванова', 'olga.ivanova', 'ru.example', 'ООО «Ромашка»', 'Бухгалтер', 'ул. Ленина, д. 7', 'Новосибирск', '', '630099', 'Russia', '+0700', '+7 383 555 01 19'),
  p('Αλέξανδρος', 'Παπαδόπουλος', 'alexandros', 'gr.example', null, null, 'Οδός Ερμού 20', 'Αθήνα', '', '105 63', 'Greece', '+0200', '+30 21 0555 0188'),
  p('太郎', '山田', 'taro.yamada', 'jp.example', '山田商事', '部長', '千代田区丸の内1-1', '東京都', '', '100-0005', 'Japan', '+0900', '+81 3 5555 0101'),
  p('Lan', 'Nguyễn Thị', 'lan.nguyen', 'vn.example', null, null, '12 Phố Huế', 'Hà Nội', '', '100000', 'Vietnam', '+0700', '+84 24 5555 0111'),
  p('Mehmet', 'Yılmaz', 'mehmet', 'tr.example', 'Yılmaz Tekstil', 'Müdür', 'İstiklal Cd. 45', 'İstanbul', '', '34430', 'Türkiye', '+0300', '+90 212 555 01 45'),
  p('Renée', 'O’Brien', 'renee.obrien', 'example.com', null, null, '221 Baker Street', 'Boston', 'MA', '02116', 'USA', '-0500', '+1 617 555 0100'),
  p('François', 'Lefèvre', 'f.lefevre', 'fr.example', 'Cabinet Lefèvre', 'Avocat', '8 place Bellecour', 'Lyon', '', '69002', 'France', '+0100', '+33 4 55 55 01 77'),
  p('Bjørn', 'Haugen', 'bjorn', 'no.example', null, null, 'Karl Johans gate 22', 'Oslo', '', '0159', 'Norway', '+0100', '+47 22 55 50 12'),
  p('Maria', 'da Conceição', 'maria.conceicao', 'pt.example', null, 'Professora', 'Rua Augusta 100', 'Lisboa', '', '1100-053', 'Portugal', '+0000', '+351 21 555 0163'),
  p('Priya', 'Raman', 'priya.raman', 'in.example', 'Raman Software', 'CTO', '12 MG Road', 'Bengaluru', 'KA', '560001', 'India', '+0530', '+91 80 5555 0102'),
  p('Dmitri', 'Sokolov', 'd.sokolov', 'example.org', null, null, 'Nevsky pr. 28', 'Saint Petersburg', '', '191186', 'Russia', '+0300', '+7 812 555 0131'),
  p('Anaïs', 'Martin', 'anais', 'fr.example', null, null, '2 allée des Tilleuls', 'Nantes', '', '44000', 'France', '+0100', '+33 2 55 55 01 09'),
  p('Kwame', 'Mensah', 'kwame', 'example.org', 'Mensah Logistics', 'Director', '5 Independence Ave', 'Accra', '', 'GA-123', 'Ghana', '+0000', '+233 30 555 0150'),
  p('Sofía', 'Hernández', 'sofia.h', 'mx.example', null, null, 'Av. Reforma 222', 'Ciudad de México', 'CDMX', '06600', 'Mexico', '-0600', '+52 55 5555 0190'),
  p('Jürgen', 'Weiß', 'juergen.weiss', 'at.example', 'Weiß GmbH', 'Geschäftsführer', 'Mariahilfer Straße 77', 'Wien', '', '1060', 'Austria', '+0100', '+43 1 555 0176'),
  p('Noémie', 'Girard', 'noemie', 'ca.example', null, null, '1200 rue Sainte-Catherine', 'Montréal', 'QC', 'H3B 1K9', 'Canada', '-0500', '+1 514 555 0183'),
  p('Sam', 'Carter', 'sam.carter', 'example.com', 'Carter Plumbing', 'Owner', '17 Elm Street', 'Springfield', 'IL', '62701', 'USA', '-0600', '+1 217 555 0166'),
  p('Emily', 'Nguyen', 'emily.n', 'example.net', null, null, '400 Pine Ave', 'Seattle', 'WA', '98101', 'USA', '-0800', '+1 206 555 0177'),
  p('David', 'Cohen', 'david.cohen', 'example.net', 'Cohen & Partners', 'Accountant', '55 Water St', 'New York', 'NY', '10041', 'USA', '-0500', '+1 212 555 0155'),
  p('Grace', 'Okafor', 'grace.okafor', 'example.org', null, 'Nurse', '9 Marina Rd', 'Lagos', '', '101241', 'Nigeria', '+0100', '+234 1 555 0144'),
  p('Hannah', 'Schmidt', 'hannah', 'de.example', null, null, 'Lindenallee 3', 'Hamburg', '', '20259', 'Germany', '+0100', '+49 40 555 0129'),
  p('Luca', 'Bianchi', 'luca.bianchi', 'it.example', 'Bianchi S.r.l.', 'Ingegnere', 'Via Roma 10', 'Milano', 'MI', '20121', 'Italy', '+0100', '+39 02 5555 0112'),
  p('Ines', 'García-Pérez', 'ines', 'es.example', null, null, 'Passeig de Gràcia 43', 'Barcelona', '', '08007', 'Spain', '+0100', '+34 93 555 0107'),
  p('Mia', 'Jensen', 'mia.jensen', 'dk.example', null, null, 'Strøget 8', 'København', '', '1160', 'Denmark', '+0100', '+45 33 55 50 18'),
  p('Oliver', 'Smith', 'oliver.smith', 'uk.example', 'Smith & Sons Ltd', 'Manager', '10 Downing Lane', 'London', '', 'SW1A 2AA', 'United Kingdom', '+0000', '+44 20 7946 0958'),
  p('Chen', 'Wei', 'chen.wei', 'cn.example', '北京科技有限公司', '工程师', '朝阳区建国路88号', '北京', '', '100022', 'China', '+0800', '+86 10 5555 0166'),
  p('Fatima', 'Zahra', 'fatima.zahra', 'ma.example', null, null, '15 Bd Mohammed V', 'Casablanca', '', '20000', 'Morocco', '+0100', '+212 522 555 015'),
  p('Tomás', 'Novák', 'tomas.novak', 'cz.example', null, 'Učitel', 'Václavské nám. 1', 'Praha', '', '110 00', 'Czechia', '+0100', '+420 2 5555 0133'),
  p('Eva', 'Kovács', 'eva.kovacs', 'hu.example', null, null, 'Andrássy út 60', 'Budapest', '', '1062', 'Hungary', '+0100', '+36 1 555 0122'),
  p('Lars', 'Virtanen', 'lars', 'fi.example', 'Virtanen Oy', null, 'Mannerheimintie 4', 'Helsinki', '', '00100', 'Finland', '+0200', '+358 9 555 0104'),
  p('Aroha', 'Ngata', 'aroha', 'nz.example', null, null, '1 Queen St', 'Auckland', '', '1010', 'New Zealand', '+1200', '+64 9 555 0119'),
  p('Ji-woo', 'Park', 'jiwoo.park', 'kr.example', null, null, '세종대로 110', '서울', '', '04524', 'South Korea', '+0900', '+82 2 555 0145'),
  p('Ahmed', 'Hassan', 'ahmed.hassan', 'eg.example', 'Hassan Trading', 'Sales', '26 July St', 'Cairo', '', '11511', 'Egypt', '+0200', '+20 2 5555 0111'),
  p('Nora', 'Ilves', 'nora.ilves', 'ee.example', null, null, 'Viru 3', 'Tallinn', '', '10140', 'Estonia', '+0200', '+372 555 0123'),
  p('Pat', 'Kelly', 'pat', 'example.com', null, null, '88 Main St', 'Portland', 'OR', '97204', 'USA', '-0800', '+1 503 555 0188'),
  p('Northwave', 'Support', 'support', 'northwave.example', 'Northwave', null, '1 Cable Way', 'Springfield', 'IL', '62701', 'USA', '-0600', '+1 800 555 0100'),
];

/** Senders of newsletters and mass mail (no card in the address book). */
export const SENDERS = [
  { name: 'Northwave News', address: 'news@northwave.example', list: 'news.northwave.example' },
  { name: 'Bücherwurm Newsletter', address: 'newsletter@buecher.example', list: 'newsletter.buecher.example' },
  { name: 'Air Example', address: 'no-reply@air.example', list: 'offers.air.example' },
  { name: 'Le Marché Bio', address: 'bonjour@marche.example', list: 'marche.example' },
];

export const fullName = (person: Person) => `${person.given} ${person.family}`;
export const addressOf = (person: Person, kind: 'home' | 'work' = 'home') =>
  kind === 'home' ? `${person.local}@${person.domain}` : `${person.local}@work.${person.domain}`;
