// Toasts (seed section 9): a severity, an optional life time, closable, top-right by default
// (the app puts them over its app bar, so they never hide a page's buttons). On a phone the app
// bar is all buttons, so toasts sit at the bottom instead and what is fixed there (a form's Save
// bar, the list's + button) moves up above them, as Material's snackbars lift a floating button:
// their height is kept in the CSS variable --keja-toast-space, which index.css reads.
// useToast() works anywhere under <ToastProvider>; react-admin's own notifications join the same
// stack through useToastHost().
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Grow, useMediaQuery, type SxProps, type Theme } from '@mui/material';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useTranslate } from 'react-admin';

export const TOAST_SEVERITIES = ['info', 'success', 'warn', 'error', 'secondary', 'contrast'] as const;
export type ToastSeverity = (typeof TOAST_SEVERITIES)[number];
export type ToastPosition = 'app-bar' | 'top-right' | 'top-left' | 'top-center' | 'bottom-right' | 'bottom-left' | 'bottom-center';

export interface ToastMessage {
  severity?: ToastSeverity;
  /** Bold first line; a translation key or text. */
  summary?: ReactNode;
  /** Body; a translation key or text. */
  detail?: ReactNode;
  /** Milliseconds before it closes by itself; without it the toast stays until closed. */
  life?: number;
  /** Shows a close button (default true). */
  closable?: boolean;
}

interface Toast extends ToastMessage {
  id: number;
}

export interface ToastApi {
  add: (message: ToastMessage) => number;
  remove: (id: number) => void;
  clear: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);
/** The element toasts stack in, for other notifications to render into (a portal). */
const HostContext = createContext<HTMLElement | null>(null);
export const useToastHost = () => useContext(HostContext);
export const TOAST_SPACE = '--keja-toast-space';

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it');
  return api;
}

// Top positions start below the 48 px app bar, so a toast never hides the user menu.
// 'app-bar': over the middle of the app bar, where there is no page button to hide (a page's own
// buttons sit in its title row, its toolbar, or at the bottom of a phone's screen).
const POSITIONS: Record<ToastPosition, SxProps<Theme>> = {
  'app-bar': { top: 4, left: '50%', transform: 'translateX(-50%)', alignItems: 'center' },
  'top-right': { top: 64, right: 16, alignItems: 'flex-end' },
  'top-left': { top: 64, left: 16, alignItems: 'flex-start' },
  'top-center': { top: 64, left: '50%', transform: 'translateX(-50%)', alignItems: 'center' },
  'bottom-right': { bottom: 16, right: 16, alignItems: 'flex-end' },
  'bottom-left': { bottom: 16, left: 16, alignItems: 'flex-start' },
  'bottom-center': { bottom: 8, left: '50%', transform: 'translateX(-50%)', alignItems: 'center' },
};

const MUI_SEVERITY = { info: 'info', success: 'success', warn: 'warning', error: 'error' } as const;

function toastSx(severity: ToastSeverity): SxProps<Theme> {
  if (severity === 'secondary') {
    return (t) => ({
      bgcolor: t.palette.mode === 'dark' ? '#1e2a26' : '#f1f5f4',
      color: 'text.primary',
      border: `1px solid ${t.palette.divider}`,
      '& .MuiAlert-icon': { color: 'text.secondary' },
    });
  }
  if (severity === 'contrast') {
    return (t) => ({
      bgcolor: t.palette.mode === 'dark' ? '#f5f7f6' : '#0f1f1a',
      color: t.palette.mode === 'dark' ? '#0f1f1a' : '#f5f7f6',
      '& .MuiAlert-icon, & .MuiAlert-action': { color: 'inherit' },
    });
  }
  return {};
}

function ToastItem({ toast, onClose, position }: { toast: Toast; onClose: () => void; position: ToastPosition }) {
  const translate = useTranslate();
  const severity = toast.severity ?? 'info';
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!toast.life || toast.life <= 0) return;
    const timer = setTimeout(() => closeRef.current(), toast.life);
    return () => clearTimeout(timer);
  }, [toast.life]);
  const text = (node: ReactNode) => (typeof node === 'string' ? translate(node, { _: node }) : node);
  const custom = severity === 'secondary' || severity === 'contrast';
  return (
    <Grow in appear>
      <Alert
        data-severity={severity}
        role={severity === 'error' || severity === 'warn' ? 'alert' : 'status'}
        severity={custom ? undefined : MUI_SEVERITY[severity]}
        variant="standard"
        icon={severity === 'contrast' ? <CampaignOutlinedIcon /> : severity === 'secondary' ? <InfoOutlinedIcon /> : undefined}
        onClose={toast.closable === false ? undefined : onClose}
        slotProps={{ closeButton: { title: translate('ra.action.close'), 'aria-label': translate('ra.action.close') } }}
        sx={[
          { width: position === 'app-bar' || position === 'bottom-center' ? { xs: 'calc(100vw - 16px)', sm: 380 } : { xs: 'calc(100vw - 32px)', sm: 360 }, boxShadow: 6, borderRadius: '12px', pointerEvents: 'auto' },
          toastSx(severity) as object,
        ]}
      >
        {toast.summary ? <AlertTitle sx={{ mb: toast.detail ? 0.25 : 0 }}>{text(toast.summary)}</AlertTitle> : null}
        {toast.detail ? text(toast.detail) : null}
      </Alert>
    </Grow>
  );
}

export function ToastProvider({ children, position: wide = 'top-right' }: { children: ReactNode; position?: ToastPosition }) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const position: ToastPosition = phone ? 'bottom-center' : wide;
  const [host, setHost] = useState<HTMLElement | null>(null);
  useToastSpace(host, phone);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const remove = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const add = useCallback((message: ToastMessage) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { ...message, id }]);
    return id;
  }, []);
  const clear = useCallback(() => setToasts([]), []);
  const api = useMemo(() => ({ add, remove, clear }), [add, remove, clear]);
  return (
    <ToastContext.Provider value={api}>
      <HostContext.Provider value={host}>{children}</HostContext.Provider>
      <Box
        ref={setHost}
        data-testid="toasts"
        data-position={position}
        aria-live="polite"
        sx={{
          position: 'fixed',
          zIndex: (t) => t.zIndex.snackbar + 1,
          display: 'flex',
          flexDirection: position.startsWith('bottom') ? 'column-reverse' : 'column',
          gap: 1.25,
          pointerEvents: 'none',
          ...(POSITIONS[position] as object),
        }}
      >
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onClose={() => remove(t.id)} position={position} />
        ))}
      </Box>
    </ToastContext.Provider>
  );
}

/** On a phone: the height the toasts take at the bottom of the screen (0 when none shows). */
function useToastSpace(host: HTMLElement | null, phone: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    if (!host || !phone) {
      root.style.setProperty(TOAST_SPACE, '0px');
      return;
    }
    const update = () => root.style.setProperty(TOAST_SPACE, host.childElementCount ? `${host.offsetHeight + 8}px` : '0px');
    const sizes = new ResizeObserver(update);
    sizes.observe(host);
    const children = new MutationObserver(update);
    children.observe(host, { childList: true });
    update();
    return () => {
      sizes.disconnect();
      children.disconnect();
      root.style.setProperty(TOAST_SPACE, '0px');
    };
  }, [host, phone]);
}
