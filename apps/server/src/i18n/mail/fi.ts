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
  'signing-reminder': {
    subject: 'Muistutus: allekirjoita {documentName}',
    intro:
      '{senderName} ({organizationName}) muistuttaa, että asiakirja ”{documentName}” odottaa allekirjoitustasi.',
    messageLabel: 'Viesti lähettäjältä {senderName}:',
    expires: 'Pyyntö on voimassa {expiresOn} loppuun (Suomen aikaa).',
    action: 'Avaa ja allekirjoita',
    personal: 'Linkki on henkilökohtainen. Älä välitä tätä viestiä eteenpäin.',
  },
  'signing-expired': {
    subject: 'Allekirjoituspyyntö vanhentui: {documentName}',
    intro:
      'Lähettäjän {senderName} pyyntö allekirjoittaa asiakirja ”{documentName}” vanhentui ennen kuin kaikki allekirjoittivat.',
    next: 'Sinun ei tarvitse tehdä mitään. Aiemman viestin allekirjoituslinkki ei enää toimi.',
  },
  'signing-failed': {
    subject: 'Allekirjoitus keskeytyi: {documentName}',
    intro:
      'Asiakirjan ”{documentName}” allekirjoitusta ei voitu viedä loppuun: sen PDF-tiedostoon ei voi lisätä allekirjoituksia. Tähän mennessä tehdyt allekirjoitukset mitätöityvät, ja maksut on palautettu.',
    next: 'Lähettäjä voi korjata asiakirjan ja lähettää sen uudelleen. Aiemman viestin allekirjoituslinkki ei enää toimi.',
  },
  'signing-declined': {
    subject: 'Allekirjoituksesta kieltäydytty: {documentName}',
    intro: '{signeeName} on kieltäytynyt allekirjoittamasta asiakirjaa ”{documentName}”.',
    reasonLabel: 'Perustelu:',
    next: 'Allekirjoitus on päättynyt, ja asiakirja on palannut luonnokseksi. Tähän mennessä tehdyt allekirjoitukset mitätöityvät, ja maksut palautetaan samoin kuin allekirjoituksen perumisessa. Voit muokata asiakirjaa ja lähettää sen uudelleen.',
  },
  'signing-unlocked': {
    subject: 'Sinun vuorosi allekirjoittaa: {documentName}',
    intro:
      'Asiakirja ”{documentName}” on taas vapaana: sitä allekirjoittanut on valmis tai poistui. Voit allekirjoittaa sen nyt.',
    action: 'Avaa ja allekirjoita',
    note: 'Jos toinen allekirjoittaja ehtii aloittaa ensin, sivu kertoo sen ja ilmoittaa taas, kun on sinun vuorosi.',
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
  notification: {
    action: 'Avaa Sinetti',
    settings:
      'Voit valita, mistä tapahtumista ja miten saat ilmoituksia, Sinetissä kohdassa Oma profiili → Ilmoitukset.',
  },
  'notification-digest': {
    subject: {
      one: 'Sinetti: {count} uusi tapahtuma eilisen jälkeen',
      other: 'Sinetti: {count} uutta tapahtumaa eilisen jälkeen',
    },
    intro: 'Tätä Sinetissä on tapahtunut edellisen koosteen jälkeen:',
    more: '…ja {count} muuta.',
    action: 'Avaa ilmoitukset',
  },
  notificationKinds: {
    'signee-signed': '{signeeName} allekirjoitti asiakirjan ”{documentName}”',
    'signee-declined': '{signeeName} kieltäytyi allekirjoittamasta asiakirjaa ”{documentName}”',
    'signing-completed': 'Kaikki ovat allekirjoittaneet asiakirjan ”{documentName}”',
    'invitation-received': 'Sinut kutsuttiin organisaatioon {organizationName}',
    'document-shared':
      'Asiakirja ”{documentName}” jaettiin roolillesi {roleName} organisaatiossa {organizationName}',
    'balance-low': 'Organisaation {organizationName} saldo on vähissä: {balance}',
  },
  feedback: {
    subject: 'Palautetta käyttäjältä {fromName}',
    intro: '{fromName} ({fromEmail}) lähetti palautetta Sinetistä.',
    messageLabel: 'Palaute:',
    context: 'Lähetetty sivulta {page}, Sinetin versio {version}. Vastaa osoitteeseen {fromEmail}.',
  },
};
