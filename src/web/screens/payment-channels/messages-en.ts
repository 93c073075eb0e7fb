// English texts of a payment channel's Daraja panel, merged under `screens`. Swahili twins in
// messages-sw.ts, the same key tree.
export const paymentChannelsEnglish = {
  payment_channels: {
    daraja_title: 'M-Pesa callbacks (Daraja C2B)',
    daraja_hint: 'Register these two URLs with Safaricom for this shortcode. The secret in them is what lets Keja accept a payment notice; keep them private.',
    confirmation_url: 'Confirmation URL',
    validation_url: 'Validation URL',
    copy: 'Copy',
    copied: 'Copied',
    rotate: 'Make a new secret',
    rotate_title: 'Make a new callback secret?',
    rotate_message: 'The current URLs stop working at once. Register the new ones with Safaricom straight away, or M-Pesa payments will not reach Keja.',
    rotated: 'New callback URLs made: register them with Safaricom',
    load_failed: 'The callback URLs could not be loaded.',
    keys: 'Daraja keys',
    key_stored: 'stored',
    key_missing: 'not set',
    keys_hint: 'Keys are stored encrypted and never shown again. Type a new one in the form to replace it.',
  },
};
