import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('sms-credits', { list: lazyScreen(() => import('./SmsCreditsList').then((m) => m.SmsCreditsList)) });
