import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

// the caretaker's walk round a property (resources/readings.ts, page 'meter-walk'), and the way to
// it from the readings list
extendArea('page:meter-walk', { form: lazyScreen(() => import('./MeterWalk').then((m) => m.MeterWalk)) });
extendArea('readings', { listActions: lazyScreen(() => import('./WalkButton').then((m) => m.WalkButton), null) });
