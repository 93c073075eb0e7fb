import { Button } from '@mui/material';
import SpeedRoundedIcon from '@mui/icons-material/SpeedRounded';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useCan } from '../common/params';

/** "Read meters" on the readings list: the walk round a property. */
export function WalkButton() {
  const translate = useTranslate();
  const can = useCan();
  if (!can('create.reading')) return null;
  return (
    <Button component={Link} to="/read-meters" variant="contained" startIcon={<SpeedRoundedIcon />}>
      {translate('screens.meter_walk.open')}
    </Button>
  );
}
