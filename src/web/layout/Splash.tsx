// The logo splash shown until the user fetch has finished, whether it succeeded or failed
// (seed sections 1 and 4). index.html paints the same markup before the script runs.
import { useSession } from '../session/session-store';
import { LogoMark } from '../brand/Logo';

export function Splash() {
  const { loading } = useSession();
  if (!loading) return null;
  return (
    <div className="keja-splash" role="status" aria-live="polite" aria-label="Loading Keja">
      <div className="keja-splash__mark">
        <LogoMark size={64} />
      </div>
      <div className="keja-splash__word">Keja</div>
      <div className="keja-splash__bar" aria-hidden="true" />
    </div>
  );
}
