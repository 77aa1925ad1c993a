"""Design page placeholder being written."""
import streamlit as st
st.title("Design")
