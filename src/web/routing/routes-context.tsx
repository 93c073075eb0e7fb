import { createContext, useContext } from 'react';
import type { AppRoute } from './route-types';

export const RoutesContext = createContext<readonly AppRoute[]>([]);

/** The route table the app was started with (tests inject their own). */
export const useAppRoutes = () => useContext(RoutesContext);
