// English texts of the caretaker's meter walk, merged under `screens`. Swahili twins in
// messages-sw.ts, the same key tree.
export const meterWalkEnglish = {
  meter_walk: {
    title: 'Read meters',
    subtitle: 'Walk a property: type each meter’s reading and save it. The previous reading is shown.',
    open: 'Read meters',
    property: 'Property',
    date: 'Date of the readings',
    none: 'This property has no active meters. Add meters to its houses first.',
    choose: 'Choose a property to see its meters.',
    progress: '%{done} of %{total} read',
    house: 'House %{number}',
    last: 'Last: %{value} %{unit} on %{date}',
    first: 'No reading yet: this one is the starting point.',
    reading: 'New reading (%{unit})',
    uses: 'Uses %{value} %{unit}',
    lower: 'Lower than the last reading. A meter only counts up: check the figure, or tick “New meter” if it was replaced.',
    high: 'Unusual: more than twice the recent average (%{average} %{unit}). Check the figure before saving.',
    replacement: 'New meter (the count starts again)',
    save: 'Save',
    saved: 'Saved',
    saved_value: 'Saved %{value} %{unit}',
    failed: 'Not saved',
  },
};
