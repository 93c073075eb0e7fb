import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setNavigator } from '../routing/navigation';

/** Hands the router's navigate() to code outside React (the HTTP client's 401 rule). */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}
