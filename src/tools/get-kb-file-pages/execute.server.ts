// Not built yet: the model gets an error result saying so, never a fake success.
import { notAvailableYet } from "../executor.server";
import { getKbFilePages } from "./definition";

export const execute = notAvailableYet(getKbFilePages);
