// A confirmation dialog with accept and reject, available everywhere (seed section 1):
//   const confirm = useConfirm();
//   if (await confirm({ message: 'Delete this charge?' })) …
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DIALOG_TRANSITION_MS } from '../dialog-timing';

export interface ConfirmOptions {
  /** Translation key or text; default "Are you sure?". */
  title?: ReactNode;
  message?: ReactNode;
  acceptLabel?: string;
  rejectLabel?: string;
  /** `danger` paints the accept button red (deletions, voids). */
  severity?: 'default' | 'danger';
  accept?: () => void;
  reject?: () => void;
}

type Confirm = (options?: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return confirm;
}

interface Pending extends ConfirmOptions {
  resolve: (accepted: boolean) => void;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const current = useRef<Pending | null>(null);

  const confirm = useCallback<Confirm>(
    (options = {}) =>
      new Promise<boolean>((resolve) => {
        // A second request while one is open rejects the first.
        if (current.current) {
          current.current.reject?.();
          current.current.resolve(false);
        }
        const next = { ...options, resolve };
        current.current = next;
        setPending(next);
        setOpen(true);
      }),
    [],
  );

  const settle = (accepted: boolean) => {
    const p = current.current;
    if (!p) return;
    current.current = null;
    setOpen(false);
    if (accepted) p.accept?.();
    else p.reject?.();
    p.resolve(accepted);
  };

  const text = (node: ReactNode, fallback: string) =>
    node == null ? translate(fallback) : typeof node === 'string' ? translate(node, { _: node }) : node;

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={open}
        onClose={() => settle(false)}
        transitionDuration={DIALOG_TRANSITION_MS}
        aria-labelledby="keja-confirm-title"
        aria-describedby="keja-confirm-message"
        maxWidth="xs"
        fullWidth
        slotProps={{ transition: { onExited: () => setPending(null) } }}
      >
        <DialogTitle id="keja-confirm-title">{text(pending?.title, 'ra.message.are_you_sure')}</DialogTitle>
        {pending?.message ? (
          <DialogContent>
            <DialogContentText id="keja-confirm-message">{text(pending.message, '')}</DialogContentText>
          </DialogContent>
        ) : null}
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => settle(false)} color="inherit">
            {translate(pending?.rejectLabel ?? 'ra.action.cancel', { _: pending?.rejectLabel })}
          </Button>
          <Button
            onClick={() => settle(true)}
            variant="contained"
            color={pending?.severity === 'danger' ? 'error' : 'primary'}
            autoFocus
          >
            {translate(pending?.acceptLabel ?? 'ra.action.confirm', { _: pending?.acceptLabel })}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  );
}
