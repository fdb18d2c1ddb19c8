print("limbo")
