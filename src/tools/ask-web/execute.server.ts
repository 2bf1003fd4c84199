// Not built yet: the model gets an error result saying so, never a fake success.
import { notAvailableYet } from "../executor.server";
import { askWeb } from "./definition";

export const execute = notAvailableYet(askWeb);
