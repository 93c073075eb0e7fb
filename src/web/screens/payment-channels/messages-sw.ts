// Maandishi ya Kiswahili ya paneli ya Daraja ya njia ya malipo (pacha wa messages-en.ts).
export const paymentChannelsSwahili = {
  payment_channels: {
    daraja_title: 'Arifa za M-Pesa (Daraja C2B)',
    daraja_hint: 'Sajili anwani hizi mbili kwa Safaricom kwa nambari hii. Siri iliyomo ndiyo inayoruhusu Keja kupokea taarifa za malipo; zihifadhi kwa siri.',
    confirmation_url: 'Anwani ya uthibitisho',
    validation_url: 'Anwani ya uhakiki',
    copy: 'Nakili',
    copied: 'Imenakiliwa',
    rotate: 'Tengeneza siri mpya',
    rotate_title: 'Tengeneza siri mpya ya arifa?',
    rotate_message: 'Anwani za sasa zitaacha kufanya kazi mara moja. Sajili mpya kwa Safaricom mara moja, la sivyo malipo ya M-Pesa hayatafika Keja.',
    rotated: 'Anwani mpya zimetengenezwa: zisajili kwa Safaricom',
    load_failed: 'Anwani za arifa hazikuweza kupakiwa.',
    keys: 'Funguo za Daraja',
    key_stored: 'zimehifadhiwa',
    key_missing: 'hazijawekwa',
    keys_hint: 'Funguo huhifadhiwa kwa usimbaji fiche na hazionyeshwi tena. Andika mpya kwenye fomu ili kuibadilisha.',
  },
};
