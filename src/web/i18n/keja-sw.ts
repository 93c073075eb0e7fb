// Keja's own texts in Kiswahili; the same key tree as keja-en.ts.
import type { kejaEnglish } from './keja-en';

type Tree<T> = { [K in keyof T]: T[K] extends string ? string : Tree<T[K]> };

export const kejaSwahili: Tree<typeof kejaEnglish> = {
  common: {
    back_to_dashboard: 'Rudi kwenye dashibodi',
    go_home: 'Nenda ukurasa wa mwanzo',
    language: 'Lugha',
  },
  shell: {
    headline: 'Ofisi ya nyuma ya nyumba za kupangisha nchini Kenya.',
    point_billing: 'Tuma ankara kwa kila mpangaji kwa wakati, kila mwezi',
    point_mpesa: 'Malipo ya M-Pesa yanaoanishwa na nyumba sahihi',
    point_statements: 'Taarifa za hesabu zilizo wazi kwa wamiliki na wapangaji',
    footer: 'Imeundwa kwa wenye nyumba, mawakala na wasimamizi wa nyumba nchini Kenya.',
  },
  auth: {
    back_to_login: 'Rudi kuingia',
    fields: {
      name: 'Jina kamili',
      email: 'Barua pepe',
      password: 'Nenosiri',
      password_confirmation: 'Thibitisha nenosiri',
      current_password: 'Nenosiri la sasa',
      new_password: 'Nenosiri jipya',
      remember: 'Nikumbuke',
    },
    hints: {
      password: 'Angalau herufi 8. Epuka manenosiri ya kawaida.',
    },
    errors: {
      password_mismatch: 'Manenosiri hayalingani',
    },
    login: {
      title: 'Karibu tena',
      subtitle: 'Ingia ili kusimamia nyumba, wapangaji na makusanyo yako.',
      submit: 'Ingia',
      forgot_link: 'Umesahau nenosiri?',
      no_account: 'Mgeni kwa Keja?',
      register_link: 'Fungua akaunti',
    },
    register: {
      title: 'Fungua akaunti yako',
      subtitle: 'Anza na maelezo yako; shirika lako litafuata.',
      submit: 'Fungua akaunti',
      have_account: 'Tayari una akaunti?',
      login_link: 'Ingia',
    },
    forgot: {
      title: 'Weka upya nenosiri lako',
      subtitle: 'Andika barua pepe yako nasi tutakutumia kiungo cha kuchagua nenosiri jipya.',
      submit: 'Tuma kiungo',
      sent: 'Ikiwa akaunti ipo kwa anwani hiyo, kiungo kiko njiani. Kinafanya kazi kwa dakika 60.',
    },
    reset: {
      title: 'Chagua nenosiri jipya',
      subtitle: 'Nenosiri jipya linachukua nafasi ya la zamani na kukutoa kwenye vifaa vingine vyote.',
      submit: 'Hifadhi nenosiri jipya',
      done: 'Nenosiri limebadilishwa. Sasa unaweza kuingia.',
      incomplete: 'Kiungo hiki hakijakamilika. Omba kipya na ukifungue moja kwa moja kutoka kwenye barua pepe.',
      request_new: 'Omba kiungo kipya',
    },
    callback: {
      incomplete: 'Kiungo hiki hakina tokeni au barua pepe.',
    },
    change_password: {
      menu: 'Badilisha nenosiri',
      title: 'Badilisha nenosiri',
      subtitle: 'Chagua nenosiri imara. Vifaa vyako vingine vitatolewa.',
      submit: 'Sasisha nenosiri',
      done: 'Nenosiri lako limebadilishwa.',
    },
  },
  org: {
    create: {
      title: 'Sanidi shirika lako',
      subtitle: 'Karibu, %{name}! Tueleze kuhusu kampuni au mwenye nyumba ambaye mali yake unasimamia.',
      guest: 'Fungua akaunti au ingia kwanza, kisha sanidi shirika lako.',
      submit: 'Unda shirika',
      later: 'Ruka kwa sasa',
    },
    fields: {
      name: 'Jina la shirika',
      email: 'Barua pepe ya shirika',
      phone: 'Namba ya simu',
      address: 'Anwani ya mahali',
      kra_pin: 'PIN ya KRA',
    },
    hints: {
      name: 'Kama linavyopaswa kuonekana kwenye ankara na taarifa.',
      kra_pin: 'Si lazima. Kwa mfano A123456789Z.',
    },
    errors: {
      kra_pin: 'PIN ya KRA ni herufi, tarakimu 9 na herufi (A123456789Z)',
    },
    created: '%{name} liko tayari. Karibu!',
    switched: 'Sasa unafanya kazi katika %{name}',
    switch_failed: 'Imeshindikana kubadili shirika. Tafadhali jaribu tena.',
    switch_label: 'Shirika: %{name}. Badili shirika',
    your_organisations: 'Mashirika yako',
  },
  phone: {
    placeholder: 'Andika namba ya simu',
    invalid: 'Andika namba ya simu sahihi ya nchi uliyochagua',
  },
  dashboard: {
    good_morning: 'Habari za asubuhi, %{name}',
    good_afternoon: 'Habari za mchana, %{name}',
    good_evening: 'Habari za jioni, %{name}',
    working_in: 'Unafanya kazi katika %{organization}.',
    no_organisation: 'Bado hujajiunga na shirika lolote.',
    create_org_title: 'Unda shirika lako',
    create_org_text: 'Keja hutenganisha nyumba, wapangaji na fedha za kila shirika. Unda lako ili kuanza.',
    getting_started: 'Kuanza',
    getting_started_text: 'Sanidi Keja kwa mpangilio huu na ankara zako za kwanza zitachukua dakika chache.',
    step: 'HATUA %{n}',
    open: 'Fungua',
    account: 'AKAUNTI YAKO',
    steps: {
      properties: {
        title: 'Ongeza majengo na nyumba zako',
        text: 'Rekodi kila jengo, aina za nyumba na vyumba vyake, na mmiliki wake.',
      },
      tenants: {
        title: 'Ingiza wapangaji na mikataba',
        text: 'Ongeza wapangaji pamoja na namba zao za simu na masharti ya mkataba: kodi, amana na tarehe ya kuanza.',
      },
      billing: {
        title: 'Weka ada',
        text: 'Kodi, maji, ada ya huduma, taka: eleza unachotoza ili ankara zijitengeneze.',
      },
      mpesa: {
        title: 'Unganisha M-Pesa',
        text: 'Ongeza paybill au till yako ili malipo yaoanishwe na mpangaji sahihi moja kwa moja.',
      },
      team: {
        title: 'Alika timu yako',
        text: 'Wape walinzi, wahasibu na wasimamizi akaunti zao wenyewe zenye ruhusa sahihi.',
      },
    },
  },
  not_found: {
    title: 'Ukurasa haukupatikana',
    message: 'Ukurasa unaoutafuta haupo, au huna ruhusa ya kuufungua.',
  },
  access_denied: {
    title: 'Ufikiaji umekataliwa',
    message: 'Unahitaji kuingia kwa akaunti yenye ruhusa ya kufungua ukurasa huu.',
  },
  auth_error: {
    title: 'Kiungo hiki hakifanyi kazi',
    message: 'Kiungo si sahihi au muda wake umekwisha. Viungo vya kuweka upya hufanya kazi mara moja tu na kwa dakika 60.',
  },
  landing: {
    nav_features: 'Huduma',
    nav_how: 'Jinsi inavyofanya kazi',
    cta_login: 'Ingia',
    cta_register: 'Anza sasa',
    badge: 'Kwa wenye nyumba na mawakala nchini Kenya',
    title: 'Kusanya kodi, oanisha M-Pesa na walipe wamiliki, mahali pamoja.',
    subtitle:
      'Keja ni ofisi ya nyuma ya nyumba za kupangisha nchini Kenya: tuma ankara kwa kila mpangaji kwa wakati, oanisha malipo na nyumba sahihi, wakumbushe wapangaji kwa SMS na uwape wamiliki taarifa zilizo wazi.',
    trust: 'Data ya kila shirika imetenganishwa kikamilifu. Taarifa za wapangaji wako zinabaki zako.',
    illustration_label: 'Mfano wa Keja kazini: malipo ya M-Pesa yaliyooanishwa, vikumbusho vya SMS na taarifa ya mmiliki',
    demo: {
      payment_label: 'Malipo ya M-Pesa yamepokelewa',
      matched: 'Yameoanishwa',
      payment_detail: 'J. Wanjiru · Nyumba B4, Riverside Court · Kodi ya Machi',
      reminders_title: 'Vikumbusho vimetumwa',
      reminders_detail: 'SMS kwa wapangaji wenye salio baada ya tarehe 5',
      statement_title: 'Taarifa ya mmiliki iko tayari',
      statement_detail: 'Mapato, matumizi na kamisheni ya Machi',
      example: 'Data ya mfano',
    },
    features_eyebrow: 'Kila kitu mahali pamoja',
    features_title: 'Kutoka ankara hadi taarifa ya mmiliki',
    features_text: 'Keja inachukua nafasi ya majedwali, taarifa za M-Pesa na daftari la getini.',
    features: {
      billing: { title: 'Ankara kwa pamoja', text: 'Tuma ankara za kodi na ada kwa kila mkataba kwa mara moja, pamoja na faini na amana.' },
      mpesa: { title: 'Kuoanisha M-Pesa', text: 'Malipo ya paybill na till yanaingia Keja na kuoanishwa na mpangaji kwa namba ya akaunti.' },
      sms: { title: 'Vikumbusho vya SMS', text: 'Tuma salio, risiti na matangazo kwa SMS kutoka kwenye violezo, kwa mpangaji mmoja au jengo zima.' },
      statements: { title: 'Taarifa za hesabu', text: 'Taarifa za jengo, mmiliki na mpangaji kwenye skrini, kama PDF au CSV, wakati wowote.' },
      arrears: { title: 'Madeni kwa mtazamo mmoja', text: 'Ona nani anadaiwa nini na kwa muda gani, kwa kila jengo, pamoja na ripoti ya umri wa madeni.' },
      maintenance: { title: 'Tiketi na kazi za matengenezo', text: 'Rekodi matengenezo, wape mafundi kazi na uhifadhi gharama dhidi ya nyumba sahihi.' },
    },
    how_eyebrow: 'Jinsi inavyofanya kazi',
    how_title: 'Tayari kwa mchana mmoja',
    how: {
      organisation: { title: 'Unda shirika lako', text: 'Jisajili, lipe jina kampuni yako na uwaalike unaofanya kazi nao.' },
      portfolio: { title: 'Ongeza mali zako', text: 'Wamiliki, majengo, nyumba, wapangaji na mikataba, kwa kuandika au kuhamisha kutoka kwenye kumbukumbu zako.' },
      collect: { title: 'Toza, kusanya, toa ripoti', text: 'Tuma ankara, acha malipo ya M-Pesa yajioanishe na uwatumie wamiliki taarifa zao.' },
    },
    local_eyebrow: 'Imeundwa kwa Kenya',
    local_title: 'Imejengwa kulingana na jinsi nyumba zinavyosimamiwa hapa',
    local: {
      kes: { title: 'Shilingi za Kenya', text: 'Kiasi kwa KES, tarehe kwa mtindo wa Kenya, saa za Nairobi.' },
      phone: { title: 'Namba za +254', text: 'Namba za Safaricom na Airtel hukaguliwa unapoandika.' },
      mri: { title: 'Kodi ya mapato ya kodi ya nyumba', text: 'Takwimu za mapato ya kila mwezi tayari kwa ritani yako ya KRA.' },
      language: { title: 'Kiingereza na Kiswahili', text: 'Kila skrini kwa lugha zote mbili; badili wakati wowote.' },
    },
    cta_title: 'Uko tayari kuweka majengo yako yote mahali pamoja?',
    cta_text: 'Fungua akaunti, sanidi shirika lako na ualike timu yako.',
    footer: '© %{year} Keja. Usimamizi wa nyumba kwa Kenya.',
  },
};
