import type { MailTexts } from './en.ts';

/** E-mail texts in Finnish (same keys and placeholders as en.ts). */
export const fi: MailTexts = {
  common: {
    greeting: 'Hei {name},',
    greetingNoName: 'Hei,',
    linkFallback: 'Jos painike ei toimi, kopioi tämä osoite selaimeesi:',
    footer:
      'Tämän viestin lähetti Sinetti, sähköisen allekirjoittamisen palvelu. Jos et odottanut viestiä, ' +
      'voit jättää sen huomiotta.',
  },
  'signing-request': {
    subject: 'Allekirjoituspyyntö: {documentName}',
    intro: '{senderName} ({organizationName}) pyytää sinua allekirjoittamaan asiakirjan ”{documentName}”.',
    messageLabel: 'Viesti lähettäjältä {senderName}:',
    action: 'Avaa ja allekirjoita',
    personal: 'Linkki on henkilökohtainen. Älä välitä tätä viestiä eteenpäin.',
  },
  'signing-code': {
    subject: 'Vahvistuskoodisi on {code}',
    intro: 'Vahvista allekirjoituksesi asiakirjaan ”{documentName}” tällä koodilla:',
    validity: {
      one: 'Koodi on voimassa {minutes} minuutin.',
      other: 'Koodi on voimassa {minutes} minuuttia.',
    },
    warning: 'Älä kerro koodia kenellekään. Jos et pyytänyt koodia, voit jättää tämän viestin huomiotta.',
  },
  'signing-cancelled': {
    subject: 'Allekirjoituspyyntö peruttu: {documentName}',
    intro: '{senderName} on perunut pyynnön allekirjoittaa asiakirja ”{documentName}”.',
    next: 'Sinun ei tarvitse tehdä mitään. Aiemman viestin allekirjoituslinkki ei enää toimi.',
  },
  'signing-failed': {
    subject: 'Allekirjoitus keskeytyi: {documentName}',
    intro:
      'Asiakirjan ”{documentName}” allekirjoitusta ei voitu viedä loppuun: sen PDF-tiedostoon ei voi lisätä allekirjoituksia. Tähän mennessä tehdyt allekirjoitukset mitätöityvät, ja maksut on palautettu.',
    next: 'Lähettäjä voi korjata asiakirjan ja lähettää sen uudelleen. Aiemman viestin allekirjoituslinkki ei enää toimi.',
  },
  'signing-completed': {
    subject: 'Asiakirja allekirjoitettu: {documentName}',
    intro: 'Kaikki ovat allekirjoittaneet asiakirjan ”{documentName}”.',
    action: 'Lataa allekirjoitettu asiakirja',
    certificate: 'Lataa allekirjoitustodistus',
  },
  'organization-invite': {
    subject: '{inviterName} kutsui sinut organisaatioon {organizationName} Sinetissä',
    intro: '{inviterName} on kutsunut sinut organisaation {organizationName} jäseneksi Sinetissä.',
    action: 'Hyväksy kutsu',
  },
};
