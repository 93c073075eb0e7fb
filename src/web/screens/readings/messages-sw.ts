// Maandishi ya Kiswahili ya kusoma mita; kila ufunguo una pacha wake katika messages-en.ts.
import type { meterWalkEnglish } from './messages-en';

export const meterWalkSwahili: typeof meterWalkEnglish = {
  meter_walk: {
    title: 'Soma mita',
    subtitle: 'Tembelea mali: andika usomaji wa kila mita na uuhifadhi. Usomaji uliopita unaonyeshwa.',
    open: 'Soma mita',
    property: 'Mali',
    date: 'Tarehe ya usomaji',
    none: 'Mali hii haina mita zinazotumika. Ongeza mita kwenye nyumba zake kwanza.',
    choose: 'Chagua mali kuona mita zake.',
    progress: '%{done} kati ya %{total} zimesomwa',
    house: 'Nyumba %{number}',
    last: 'Uliopita: %{value} %{unit} tarehe %{date}',
    first: 'Bado hakuna usomaji: huu ndio mwanzo.',
    reading: 'Usomaji mpya (%{unit})',
    uses: 'Matumizi %{value} %{unit}',
    lower: 'Chini ya usomaji uliopita. Mita huhesabu kwenda juu tu: hakikisha tarakimu, au weka alama “Mita mpya” kama ilibadilishwa.',
    high: 'Si kawaida: zaidi ya mara mbili ya wastani wa karibuni (%{average} %{unit}). Hakikisha kabla ya kuhifadhi.',
    replacement: 'Mita mpya (hesabu inaanza upya)',
    save: 'Hifadhi',
    saved: 'Imehifadhiwa',
    saved_value: 'Imehifadhiwa %{value} %{unit}',
    failed: 'Haijahifadhiwa',
  },
};
